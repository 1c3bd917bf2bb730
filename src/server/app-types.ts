import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { SessionState } from './plugins/session.ts';
import type { Services } from './services.ts';

// The type every route and plugin receives. It lives apart from app.ts, which imports every route
// file: with it there, each route file and app.ts imported each other.
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** Extra facts for the admin diagnostics page (the PDF signing certificate), registered by the features. */
export type DiagnosticSource = () => Promise<Record<string, unknown>>;

declare module 'fastify' {
  interface FastifyInstance extends Services {
    diagnosticSources: DiagnosticSource[];
    recentErrors: { at: string; message: string; url: string }[];
    startedAt: number;
    /** PUBLIC_URL is https: every answer is for a browser on https (lib/cookies.ts, overHttps). */
    publicHttps: boolean;
  }
  interface FastifyRequest {
    session: SessionState | null;
  }
}
