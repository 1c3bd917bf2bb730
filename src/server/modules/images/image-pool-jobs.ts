import type { SignatureJob } from '../signatures/image-work.ts';

/**
 * Every job an image pool child runs; the server process imports only this table's type. Modules
 * load on first use, so a child is ready sooner (the PDF library alone takes ~1 s to load).
 */
export const imageJobs = {
  signature: async (job: SignatureJob) => (await import('../signatures/image-work.ts')).signatureJob(job),
  'blog-image': async (bytes: Buffer) => (await import('../blog/blog.service.ts')).cleanBlogImage(bytes),
};
export type ImageJobs = typeof imageJobs;
