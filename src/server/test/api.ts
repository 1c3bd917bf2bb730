import type { ApiScope } from '#shared/api/scopes.ts';
import { API_SCOPES } from '#shared/api/scopes.ts';
import type { App } from '../app-types.ts';
import { Agent } from './agent.ts';
import { answerProblem } from './api-answers.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiResponse {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
  rawPayload: Buffer;
  json: <T = any>() => T;
}

/** A system calling the public API with one token: no cookie, no CSRF token, only the bearer header. */
export class ApiClient {
  ip = '203.0.113.77';
  /**
   * Every answer is checked against the OpenAPI document: its status must be declared for the
   * route and its body must match the declared schema (or media type), so the document cannot
   * drift from what the API sends. Turn off only to look at an answer the check would refuse.
   */
  checkAnswers = true;

  constructor(
    private readonly app: App,
    public token: string,
  ) {}

  async call(
    method: Method,
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<ApiResponse> {
    const sent: Record<string, string> = { authorization: `Bearer ${this.token}`, ...headers };
    const payload =
      body === undefined
        ? undefined
        : Buffer.isBuffer(body) || typeof body === 'string'
          ? body
          : JSON.stringify(body);
    if (body !== undefined && !Buffer.isBuffer(body) && typeof body !== 'string')
      sent['content-type'] ??= 'application/json';
    const res = await this.app.inject({
      method,
      url,
      headers: sent,
      remoteAddress: this.ip,
      ...(payload !== undefined ? { payload } : {}),
    });
    if (this.checkAnswers) {
      const contentType = res.headers['content-type'];
      const problem = answerProblem(
        this.app,
        method,
        url,
        res.statusCode,
        typeof contentType === 'string' ? contentType : undefined,
        res.body,
      );
      if (problem) throw new Error(`The answer does not match the OpenAPI document: ${problem}`);
    }
    return {
      statusCode: res.statusCode,
      headers: res.headers,
      body: res.body,
      rawPayload: res.rawPayload,
      json: () => JSON.parse(res.body),
    };
  }

  get = (url: string, headers?: Record<string, string>) => this.call('GET', url, undefined, headers);
  post = (url: string, body?: unknown, headers?: Record<string, string>) =>
    this.call('POST', url, body ?? {}, headers);
  patch = (url: string, body?: unknown) => this.call('PATCH', url, body ?? {});
  put = (url: string, body?: unknown) => this.call('PUT', url, body ?? {});
  delete = (url: string) => this.call('DELETE', url);
}

let users = 0;

/**
 * A signed-up user (their browser agent, to set things up the way a person does) and a token of
 * theirs with the given scopes (all by default), made through Settings > API.
 */
export async function apiUser(app: App, scopes: readonly ApiScope[] = API_SCOPES, email?: string) {
  const agent = new Agent(app);
  agent.ip = `198.51.100.${(++users % 250) + 1}`;
  const address = email ?? `api${users}-${Date.now()}@example.com`;
  const registered = await agent.register(address);
  if (registered.statusCode !== 201)
    throw new Error(`sign-up failed: ${registered.statusCode} ${registered.body}`);
  const created = await agent.post('/api/user/api-tokens', { name: 'test', scopes, expiresInDays: null });
  if (created.statusCode !== 201) throw new Error(`token failed: ${created.statusCode} ${created.body}`);
  const { token, id } = created.json<{ token: string; id: number }>();
  const userId = registered.json<{ id: number }>().id;
  return { agent, api: new ApiClient(app, token), token, tokenId: id, userId, email: address };
}
