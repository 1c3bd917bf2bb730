// Worker threads do not inherit `--import tsx` (Node 20), so this plain-JS entry registers tsx
// itself before loading the TypeScript job handlers; it works the same under `npm start` and vitest.
import { register } from 'tsx/esm/api';

register();
await import('./pdf-worker.ts');
