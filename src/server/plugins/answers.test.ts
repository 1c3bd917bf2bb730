import Fastify from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { expect, test } from 'vitest';
import { z } from 'zod';
import type { App } from '../app-types.ts';
import { conflict, invalid, notFound, throttled, unavailable } from '../lib/outcomes.ts';
import { requireDeclaredAnswers } from './declared-answers.ts';
import { registerErrorHandling } from './errors.ts';

test('an answer carries only what its schema names: a field the handler adds by mistake is dropped', async () => {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setSerializerCompiler(serializerCompiler);
  app.get('/user', { schema: { response: { 200: z.object({ email: z.string() }) } } }, async () => {
    const row = { email: 'a@example.com', password_hash: '$argon2id$secret' };
    return row;
  });
  const res = await app.inject({ url: '/user' });
  expect(res.json()).toEqual({ email: 'a@example.com' });
  expect(res.body).not.toContain('argon2');
});

test.each([
  [invalid('Wrong password'), 400],
  [notFound('No such signature'), 404],
  [conflict('Reference taken'), 409],
  [throttled('Slow down', 42), 429],
  [unavailable('Database unavailable'), 503],
] as const)('a thrown %s answers its status and { message } from the one table', async (outcome, status) => {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  registerErrorHandling(app as unknown as App);
  app.get('/x', async () => {
    throw outcome;
  });
  const res = await app.inject({ url: '/x' });
  expect(res.statusCode).toBe(status);
  expect(res.json()).toEqual({ message: outcome.message });
  expect(res.headers['retry-after']).toBe(outcome.kind === 'throttled' ? '42' : undefined);
});

test('a route that declares no answer stops the app from being built', async () => {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  requireDeclaredAnswers(app as unknown as App);
  app.get('/declared', { schema: { response: { 200: z.object({ ok: z.boolean() }) } } }, async () => ({
    ok: true,
  }));
  expect(() => app.get('/undeclared', async () => ({ ok: true }))).toThrow(
    'GET /undeclared declares no answer',
  );
});
