import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';

/** What a receiver answered; `status` null when no answer came (timeout, refused, reset). */
export interface SendResult {
  status: number | null;
  /** The first 1 KB of the body, as text. */
  excerpt: string | null;
  durationMs: number;
  error: string | null;
}

const EXCERPT_BYTES = 1024;

/**
 * POSTs one delivery. The connection goes to `address`, the one the guard checked (a custom
 * lookup, so the name is not resolved again), while the Host header and TLS name stay the URL's.
 * Redirects are not followed (a 3xx is a failure); the body is read up to 1 KB and the rest
 * dropped; the whole exchange has `timeoutMs`.
 */
export function postWebhook(
  target: { url: URL; address: string; family: number },
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
  now: () => number = Date.now,
): Promise<SendResult> {
  const started = now();
  const lookup: LookupFunction = (_host, opts, cb) => {
    if (opts.all) (cb as (e: null, a: { address: string; family: number }[]) => void)(null, [target]);
    else cb(null, target.address, target.family);
  };
  const client = target.url.protocol === 'https:' ? https : http;
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const finish = (r: Omit<SendResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...r, durationMs: Math.max(0, Math.round(now() - started)) });
    };
    const req = client.request(target.url, {
      method: 'POST',
      lookup,
      agent: false,
      headers: {
        ...headers,
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
        'user-agent': 'Inkproof-Webhooks/1',
      },
    });
    const timer = setTimeout(() => {
      finish({ status: null, excerpt: null, error: `No answer within ${Math.round(timeoutMs / 1000)} s` });
      req.destroy();
    }, timeoutMs);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => {
        const status = res.statusCode ?? 0;
        const excerpt = Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString('utf8');
        const ok = status >= 200 && status < 300;
        finish({
          status,
          excerpt,
          error: ok
            ? null
            : status >= 300 && status < 400
              ? `Redirect (${status}) not followed`
              : `HTTP ${status}`,
        });
        req.destroy();
      };
      res.on('data', (c: Buffer) => {
        if (size < EXCERPT_BYTES) chunks.push(c);
        size += c.length;
        if (size >= EXCERPT_BYTES) done();
      });
      res.on('end', done);
      res.on('error', done);
    });
    req.on('error', (err: NodeJS.ErrnoException) =>
      finish({ status: null, excerpt: null, error: connectionError(err) }),
    );
    req.end(body);
  });
}

function connectionError(err: NodeJS.ErrnoException): string {
  switch (err.code) {
    case 'ECONNREFUSED':
      return 'Connection refused';
    case 'ECONNRESET':
      return 'Connection reset';
    case 'ETIMEDOUT':
      return 'Connection timed out';
    default:
      return err.code ? `Connection failed (${err.code})` : `Connection failed: ${err.message}`.slice(0, 300);
  }
}
