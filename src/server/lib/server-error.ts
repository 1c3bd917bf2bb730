import type { FastifyBaseLogger } from 'fastify';
import type { App } from '../app-types.ts';

export const SERVER_ERROR_MESSAGE = 'Something went wrong on our side. Please try again.';
const SERVER_ERROR_BODY = JSON.stringify({ message: SERVER_ERROR_MESSAGE });

/**
 * A request that failed on our side: logged, kept for the diagnostics page, and answered with a
 * body that tells nothing.
 */
export function serverError(app: App, log: FastifyBaseLogger, url: string, error: Error): string {
  log.error({ err: error }, 'request failed');
  app.recentErrors.push({ at: new Date().toISOString(), message: error.message, url });
  if (app.recentErrors.length > 50) app.recentErrors.shift();
  return SERVER_ERROR_BODY;
}
