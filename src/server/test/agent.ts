import type { App } from '../app.ts';
import { TEST_CAPTCHA } from './test-app.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface AgentResponse {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
  json: <T = any>() => T;
}

/**
 * A browser stand-in for app.inject: keeps cookies, picks up the CSRF token from each response
 * header and sends it back, as the web client does.
 */
export class Agent {
  cookies = new Map<string, string>();
  csrf: string | undefined;
  ip = '203.0.113.10';

  constructor(private readonly app: App) {}

  async request(
    method: Method,
    url: string,
    body?: unknown,
    opts: { csrf?: string | null; headers?: Record<string, string> } = {},
  ): Promise<AgentResponse> {
    const headers: Record<string, string> = { ...opts.headers };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const token = opts.csrf === null ? undefined : (opts.csrf ?? this.csrf);
    if (token) headers['x-csrf-token'] = token;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await this.app.inject({
      method,
      url,
      headers,
      remoteAddress: this.ip,
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });
    for (const c of res.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const gone = c.value === '' || (c.expires && c.expires.getTime() < Date.now()) || c.maxAge === 0;
      if (gone) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    const t = res.headers['x-csrf-token'];
    if (typeof t === 'string') this.csrf = t;
    return { statusCode: res.statusCode, headers: res.headers, body: res.body, json: () => res.json() };
  }

  get = (url: string) => this.request('GET', url);
  post = (url: string, body?: unknown) => this.request('POST', url, body);
  put = (url: string, body?: unknown) => this.request('PUT', url, body);

  async captcha(purpose: 'login' | 'register' | 'lookup' = 'login') {
    const res = await this.get(`/api/captcha?purpose=${purpose}`);
    if (res.statusCode !== 200) throw new Error(`captcha ${res.statusCode}`);
  }

  async login(email: string, password: string, captcha = TEST_CAPTCHA) {
    await this.captcha('login');
    return this.post('/api/login', { email, password, captcha });
  }

  async register(email: string, password = 'Str0ng!Pass', extra: Record<string, unknown> = {}) {
    await this.captcha('register');
    return this.post('/api/register', {
      email,
      password,
      agreeToTerms: true,
      securityQuestion: TEST_CAPTCHA,
      ...extra,
    });
  }
}
