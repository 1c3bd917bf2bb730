import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { KEYS_PATH } from '#shared/seals/keys.ts';
import type { App } from '#server/app-types.ts';
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

const bad = (reply: FastifyReply, message: string) => reply.code(400).send({ message });

/**
 * Public, read-only, cookie-free: the instance's keys and the log's heads, proofs and entries.
 * Any origin may read them (another instance's verification page checks a seal from the browser).
 */
export function sealsRoutes(app: App) {
  const log = app.seals.log;
  const open = (reply: FastifyReply) => reply.header('Access-Control-Allow-Origin', '*');

  app.get(KEYS_PATH, async (_req, reply) => {
    open(reply).header('Cache-Control', 'public, max-age=300');
    return app.seals.keys.keySet();
  });

  app.get('/api/log/sth', async (_req, reply) => {
    open(reply);
    return log.latestHead();
  });

  app.get('/api/log/proof/inclusion', { schema: { querystring: inclusionQuery } }, async (req, reply) => {
    open(reply);
    const { index, size } = req.query;
    const current = await log.size();
    if (size > current) return bad(reply, m.sizeOutOfRange(size, current));
    if (size === 0) return bad(reply, m.emptyTree);
    if (index >= size) return bad(reply, m.indexOutOfRange(index, size));
    return log.inclusionProof(index, size);
  });

  app.get('/api/log/proof/consistency', { schema: { querystring: consistencyQuery } }, async (req, reply) => {
    open(reply);
    const { first, second } = req.query;
    const current = await log.size();
    if (second > current) return bad(reply, m.sizeOutOfRange(second, current));
    if (first < 1 || first > second) return bad(reply, m.consistencyOrder);
    return log.consistencyProof(first, second);
  });

  app.get('/api/log/entries', { schema: { querystring: entriesQuery } }, async (req, reply) => {
    open(reply);
    const { start } = req.query;
    const current = await log.size();
    if (start >= req.query.end) return bad(reply, m.entriesOrder);
    if (start >= current) return bad(reply, m.startOutOfRange(start, current));
    const end = Math.min(req.query.end, current, start + MAX_ENTRIES_PAGE);
    return { start, end, treeSize: current, entries: await log.entries(start, end) };
  });
}
