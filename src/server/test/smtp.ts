import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
  text: string;
}

/** Decodes the quoted-printable parts nodemailer writes, enough to read links back. */
export function decodeQuotedPrintable(s: string) {
  return s
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
}

/** A real SMTP server on a free local port that keeps what it receives. */
export async function startSmtp() {
  const received: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          text: decodeQuotedPrintable(raw),
        });
        waiters.splice(0).forEach((w) => w());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;

  async function waitFor(to: string, count = 1, timeoutMs = 10_000): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const mails = received.filter((m) => m.to.includes(to));
      if (mails.length >= count) return mails[count - 1]!;
      if (Date.now() > deadline) throw new Error(`no mail #${count} for ${to}`);
      await new Promise<void>((r) => {
        waiters.push(r);
        setTimeout(r, 200);
      });
    }
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    waitFor,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** The first link in a mail that goes to the given path. */
export function linkIn(mail: ReceivedMail, pathPrefix: string): URL {
  const match = mail.text.match(new RegExp(`https?://[^\\s"<>]*${pathPrefix.replace('/', '\\/')}[^\\s"<>]*`));
  if (!match) throw new Error(`no ${pathPrefix} link in mail`);
  return new URL(match[0].replace(/&amp;/g, '&'));
}
