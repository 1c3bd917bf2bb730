import type { App } from '../app-types.ts';
import { TEST_CAPTCHA } from './test-app.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The links an app has mailed, per recipient, whatever its transport (SMTP or outbox). */
const mailedLinks = new WeakMap<App, Map<string, string[]>>();
function recordMailedLinks(app: App) {
  let links = mailedLinks.get(app);
  if (links) return links;
  const byRecipient = new Map<string, string[]>();
  const send = app.mail.send.bind(app.mail);
  app.mail.send = (to, mail, link, attachments) => {
    byRecipient.set(to, [...(byRecipient.get(to) ?? []), link]);
    return send(to, mail, link, attachments);
  };
  mailedLinks.set(app, byRecipient);
  links = byRecipient;
  return links;
}

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
  /** Sent with every request (a proxy's X-Forwarded-* headers). */
  headers: Record<string, string> = {};

  constructor(private readonly app: App) {}

  async request(
    method: Method,
    url: string,
    body?: unknown,
    opts: { csrf?: string | null; headers?: Record<string, string> } = {},
  ): Promise<AgentResponse> {
    const headers: Record<string, string> = { ...this.headers, ...opts.headers };
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

  async captcha(purpose: 'login' | 'register' | 'forgot-password' | 'lookup' = 'login') {
    const res = await this.get(`/api/captcha?purpose=${purpose}`);
    if (res.statusCode !== 200) throw new Error(`captcha ${res.statusCode}`);
  }

  /** POST /api/forgot-password with a solved CAPTCHA, as the form sends it. */
  async forgotPassword(email: string, captcha = TEST_CAPTCHA) {
    await this.captcha('forgot-password');
    return this.post('/api/forgot-password', { email, captcha });
  }

  async login(email: string, password: string, captcha = TEST_CAPTCHA) {
    await this.captcha('login');
    return this.post('/api/login', { email, password, captcha });
  }

  /**
   * Signs up the way a person does since sign-up is e-mail first (decision 018): POST
   * /api/register, open the mailed confirmation link, log in with the link's token (the first
   * sign-in creates the account). Answers as the one-step sign-up
   * did (201 with the user, signed in), so tests that only need a signed-in user stay as they
   * are; any other answer on the way is returned as it came.
   */
  async register(email: string, password = 'Str0ng!Pass', extra: Record<string, unknown> = {}) {
    const links = recordMailedLinks(this.app);
    const address = email.trim().toLowerCase();
    const before = links.get(address)?.length ?? 0;
    await this.captcha('register');
    const res = await this.post('/api/register', {
      email,
      password,
      agreeToTerms: true,
      securityQuestion: TEST_CAPTCHA,
      ...extra,
    });
    if (res.statusCode !== 202) return res;
    await this.app.accounts.settle();
    const link = links
      .get(address)
      ?.slice(before)
      .find((l) => l.includes('verification=true'));
    if (!link) return res; // a taken address: its owner was mailed instead
    const verified = await this.get(`/api/verify-email${new URL(link).search}`);
    if (verified.statusCode !== 200) return verified;
    await this.captcha('login');
    const signUpToken = new URL(link).searchParams.get('token');
    const login = await this.post('/api/login', { email, password, captcha: TEST_CAPTCHA, signUpToken });
    return login.statusCode === 200 ? { ...login, statusCode: 201 } : login;
  }
}
