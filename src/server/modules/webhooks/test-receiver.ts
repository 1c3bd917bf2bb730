import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  headers: Record<string, string>;
  body: string;
  at: number;
}

type Behaviour = (req: http.IncomingMessage, res: http.ServerResponse) => void;

export const answers = {
  ok: ((_req, res) => res.end('thanks')) as Behaviour,
  status:
    (code: number, body = 'nope'): Behaviour =>
    (_req, res) => {
      res.statusCode = code;
      res.end(body);
    },
  redirect:
    (location: string): Behaviour =>
    (_req, res) => {
      res.writeHead(302, { location });
      res.end();
    },
  /** Never answers (the sender's timeout ends it). */
  silent: (() => undefined) as Behaviour,
  /** Drops the connection without an answer. */
  reset: ((req) => req.socket.destroy()) as Behaviour,
};

/** A real HTTP receiver on loopback that records what it was sent. */
export async function startReceiver(behaviour: Behaviour = answers.ok) {
  const received: Received[] = [];
  let connections = 0;
  const state = { behaviour };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])),
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      });
      state.behaviour(req, res);
    });
  });
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    connections: () => connections,
    answer: (b: Behaviour) => {
      state.behaviour = b;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
