// Entry of an image pool child (image-pool.ts). It lowers its priority before anything else runs, so
// every thread it starts later (libuv's, libvips's) inherits it and a busy image never slows the
// server's event loop or password hashing; then, like pdf-worker.mjs, it loads TypeScript with tsx.
import os from 'node:os';
import { register } from 'tsx/esm/api';

try {
  os.setPriority(10);
} catch {
  // not permitted: run at normal priority
}
register();
await import('./image-pool-child.ts');
