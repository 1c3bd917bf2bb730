import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  consistencyProofAnswer,
  inclusionProofAnswer,
  logEntriesAnswer,
  sealKeySet,
  signedTreeHead,
} from '#shared/seals/answers.ts';
import { KEYS_PATH } from '#shared/seals/keys.ts';
import type { App } from '#server/app-types.ts';
import { invalid } from '#server/lib/outcomes.ts';
import { MAX_ENTRIES_PAGE } from './log.service.ts';
import { sealApiMessages as m } from './messages.ts';

/** A non-negative whole number in a query string (up to 2^53), or a 400 naming the parameter. */
const count = (name: string) =>
  z
    .string({ error: m.notANumber(name) })
    .regex(/^\d{1,15}$/, m.notANumber(name))
    .transform(Number);

const inclusionQuery = z.object({ index: count('index'), size: count('size') });
const consistencyQuery = z.object({ first: count('first'), second: count('second') });
const entriesQuery = z.object({ start: count('start'), end: count('end') });

/**
 * Public, read-only, cookie-free: the instance's keys and the log's heads, proofs and entries.
 * Any origin may read them (another instance's verification page checks a seal from the browser).
 */
export function sealsRoutes(app: App) {
  const log = app.seals.log;
  // Set before anything can fail, so a refusal is readable from another origin too.
  const open = (reply: FastifyReply) => reply.header('Access-Control-Allow-Origin', '*');

  app.get(KEYS_PATH, { schema: { response: { 200: sealKeySet } } }, async (_req, reply) => {
    open(reply).header('Cache-Control', 'public, max-age=300');
    return app.seals.keys.keySet();
  });

  app.get('/api/log/sth', { schema: { response: { 200: signedTreeHead } } }, async (_req, reply) => {
    open(reply);
    return log.latestHead();
  });

  app.get(
    '/api/log/proof/inclusion',
    { schema: { querystring: inclusionQuery, response: { 200: inclusionProofAnswer } } },
    async (req, reply) => {
      open(reply);
      const { index, size } = req.query;
      const current = await log.size();
      if (size > current) throw invalid(m.sizeOutOfRange(size, current));
      if (size === 0) throw invalid(m.emptyTree);
      if (index >= size) throw invalid(m.indexOutOfRange(index, size));
      return log.inclusionProof(index, size);
    },
  );

  app.get(
    '/api/log/proof/consistency',
    { schema: { querystring: consistencyQuery, response: { 200: consistencyProofAnswer } } },
    async (req, reply) => {
      open(reply);
      const { first, second } = req.query;
      const current = await log.size();
      if (second > current) throw invalid(m.sizeOutOfRange(second, current));
      if (first < 1 || first > second) throw invalid(m.consistencyOrder);
      return log.consistencyProof(first, second);
    },
  );

  app.get(
    '/api/log/entries',
    { schema: { querystring: entriesQuery, response: { 200: logEntriesAnswer } } },
    async (req, reply) => {
      open(reply);
      const { start } = req.query;
      const current = await log.size();
      if (start >= req.query.end) throw invalid(m.entriesOrder);
      if (start >= current) throw invalid(m.startOutOfRange(start, current));
      const end = Math.min(req.query.end, current, start + MAX_ENTRIES_PAGE);
      return { start, end, treeSize: current, entries: await log.entries(start, end) };
    },
  );
}
