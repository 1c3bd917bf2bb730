import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { SessionState } from './modules/sessions/session-store.ts';
import type { Services } from './services.ts';

export type { DiagnosticSource } from './services.ts';

// The type every route and plugin receives. It lives apart from app.ts, which imports every route
// file: with it there, each route file and app.ts imported each other.
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

declare module 'fastify' {
  interface FastifyInstance extends Services {
    startedAt: number;
    /** PUBLIC_URL is https: every answer is for a browser on https (lib/cookies.ts, overHttps). */
    publicHttps: boolean;
  }
  interface FastifyRequest {
    session: SessionState | null;
  }
}
