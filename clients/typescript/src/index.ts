import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { components, operations, paths } from './schema.d.ts';

export type { components, operations, paths };
/** Every error of the API: `{ message, code }` (codes are listed in the OpenAPI document). */
export type InkproofError = components['schemas']['Error'];
export type InkproofClient = Client<paths>;

export interface InkproofClientOptions {
  /** The instance's address, e.g. `https://sign.example.com` (no trailing `/api/v1`). */
  baseUrl: string;
  /** An API token from Settings > API: `ink_…`. */
  token: string;
  /** Another fetch (tests, proxies, retries); the global one by default. */
  fetch?: typeof globalThis.fetch;
}

/**
 * A client of Inkproof's public API whose paths, parameters, bodies and answers are typed from the
 * OpenAPI document. Every call carries the token as `Authorization: Bearer`; answers come back as
 * `{ data }` or `{ error }` (openapi-fetch), never thrown.
 */
export function createInkproofClient({ baseUrl, token, fetch }: InkproofClientOptions): InkproofClient {
  const client = createClient<paths>({
    baseUrl: baseUrl.replace(/\/+$/, ''),
    ...(fetch ? { fetch } : {}),
  });
  const bearer: Middleware = {
    onRequest({ request }) {
      request.headers.set('Authorization', `Bearer ${token}`);
      return request;
    },
  };
  client.use(bearer);
  return client;
}
