// Entry of an image pool child (image-pool.ts): one image job at a time.
import sharp from 'sharp';
import { lowestPriorityThisProcess } from '#server/lib/priority.ts';
import { imageJobs } from './image-pool-jobs.ts';

// At the lowest priority, every thread: a busy image never slows the server's event loop or
// password hashing.
lowestPriorityThisProcess();

// One job at a time per child: one libvips thread, and no cache carried from one image to the next.
sharp.concurrency(1);
sharp.cache(false);

type Message = { id: number; kind: keyof typeof imageJobs; input: unknown };

// Signature work loads, and fonts and renderer set up (fontconfig's first use can take 0.5 s), here
// rather than in the first job's budget.
await import('../signatures/image-work.ts');
await sharp(
  Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><text y="8">a</text></svg>'),
)
  .png()
  .toBuffer();

process.on('message', async (msg: Message) => {
  try {
    const job = imageJobs[msg.kind] as (input: unknown) => Promise<unknown>;
    process.send!({ id: msg.id, ok: true, result: await job(msg.input) });
  } catch (err) {
    process.send!({
      id: msg.id,
      ok: false,
      error: err instanceof Error ? `${err.name}: ${err.message}` : String(err),
    });
  }
});
// the server went away: nothing left to work for
process.on('disconnect', () => process.exit(0));
process.send!({ ready: true });
