import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import jsQR from 'jsqr';
import sharp from 'sharp';
import type { App } from '#server/app-types.ts';
import type { Agent, AgentResponse } from '#server/test/agent.ts';

const run = promisify(execFile);

export function multipartBody(
  fields: Record<string, string>,
  file?: { filename: string; bytes: Buffer; type?: string },
) {
  const boundary = `----inkproof${crypto.randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.type ?? 'application/pdf'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** POST /api/documents/upload (or another upload route) as the agent's browser would send it (cookies, CSRF header). */
export async function upload(
  app: App,
  agent: Agent,
  fields: Record<string, string>,
  file?: { filename: string; bytes: Buffer; type?: string },
  url = '/api/documents/upload',
): Promise<AgentResponse> {
  const { body, contentType } = multipartBody(fields, file);
  const headers: Record<string, string> = { 'content-type': contentType };
  if (agent.cookies.size) headers.cookie = [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  if (agent.csrf) headers['x-csrf-token'] = agent.csrf;
  const res = await app.inject({
    method: 'POST',
    url,
    headers,
    payload: body,
    remoteAddress: agent.ip,
  });
  const t = res.headers['x-csrf-token'];
  if (typeof t === 'string') agent.csrf = t;
  return { statusCode: res.statusCode, headers: res.headers, body: res.body, json: () => res.json() };
}

/** A GET whose answer is binary (the agent reads bodies as text). */
export async function getBytes(app: App, agent: Agent | null, url: string) {
  const headers: Record<string, string> = {};
  if (agent?.cookies.size) headers.cookie = [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await app.inject({ method: 'GET', url, headers, remoteAddress: agent?.ip ?? '203.0.113.99' });
  return { statusCode: res.statusCode, headers: res.headers, bytes: res.rawPayload, json: () => res.json() };
}

/** A PNG whose ink fills exactly its top-left quadrant: shows position and orientation at once. */
export async function quadrantPng(): Promise<string> {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200"><rect x="0" y="0" width="200" height="100" fill="#000"/></svg>';
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

export function tempDir() {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'inkproof-docs-'));
}

export const RENDER_DPI = 50;

/** One page as displayed (CropBox, after /Rotate), as a PNG from poppler's pdftoppm. */
async function pagePng(pdf: Buffer, page: number, dpi: number) {
  const dir = tempDir();
  try {
    const file = path.join(dir, 'in.pdf');
    fs.writeFileSync(file, pdf);
    await run('pdftoppm', [
      '-cropbox',
      '-r',
      String(dpi),
      '-png',
      '-f',
      String(page),
      '-l',
      String(page),
      file,
      path.join(dir, 'p'),
    ]);
    return fs.readFileSync(
      path.join(
        dir,
        fs.readdirSync(dir).find((f) => f.endsWith('.png'))!,
      ),
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** A page in grey levels (RENDER_DPI unless told). */
export async function renderPage(pdf: Buffer, page: number, dpi = RENDER_DPI) {
  const { data, info } = await sharp(await pagePng(pdf, page, dpi))
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, dpi };
}

/** Decodes the QR code found in a region of a page (points, display coordinates). */
export async function readQr(pdf: Buffer, page: number, region: Box, dpi = 300): Promise<string | null> {
  const k = dpi / 72;
  const png = await pagePng(pdf, page, dpi);
  const meta = await sharp(png).metadata();
  const left = Math.max(0, Math.floor((region.x - 10) * k));
  const top = Math.max(0, Math.floor((region.y - 10) * k));
  const { data, info } = await sharp(png)
    .extract({
      left,
      top,
      width: Math.min(meta.width! - left, Math.ceil((region.width + 20) * k)),
      height: Math.min(meta.height! - top, Math.ceil((region.height + 20) * k)),
    })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return (
    jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data ??
    null
  );
}

/**
 * Every QR code on a page rendered at `dpi` (150 by default: a plain office scan), decoded by
 * zbar, which finds all codes in an image, whatever their orientation.
 */
export async function allQrs(pdf: Buffer, page: number, dpi = 150): Promise<string[]> {
  const dir = tempDir();
  try {
    const file = path.join(dir, 'page.png');
    fs.writeFileSync(file, await pagePng(pdf, page, dpi));
    const out = await run('zbarimg', ['-q', '--raw', '-Sdisable', '-Sqrcode.enable', file]).catch(
      (err: { code?: number; stdout?: string }) => {
        if (err.code === 4) return { stdout: '' }; // zbar: no code found
        throw err;
      },
    );
    return out.stdout.split('\n').filter((l) => l.length > 0);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Compares a signed page with the original: counts changed pixels inside each box (in points,
 * display coordinates) and everywhere else. A pixel counts once, in the first box holding it.
 * `threshold`: the smallest change in grey level that counts (1: any change).
 */
export function inkBetween(
  before: Awaited<ReturnType<typeof renderPage>>,
  after: Awaited<ReturnType<typeof renderPage>>,
  boxes: Box[],
  { slackPx = 2, threshold = 60 } = {},
) {
  if (before.width !== after.width || before.height !== after.height) throw new Error('page size changed');
  const k = after.dpi / 72;
  const inside = boxes.map(() => 0);
  let outside = 0;
  for (let py = 0; py < after.height; py++) {
    for (let px = 0; px < after.width; px++) {
      const i = py * after.width + px;
      if (Math.abs(after.data[i]! - before.data[i]!) < threshold) continue;
      const hit = boxes.findIndex(
        (b) =>
          px >= b.x * k - slackPx &&
          px <= (b.x + b.width) * k + slackPx &&
          py >= b.y * k - slackPx &&
          py <= (b.y + b.height) * k + slackPx,
      );
      if (hit >= 0) inside[hit]! += 1;
      else outside += 1;
    }
  }
  return { inside, outside };
}

export async function pdfsig(pdf: Buffer): Promise<string> {
  const dir = tempDir();
  try {
    const file = path.join(dir, 'signed.pdf');
    fs.writeFileSync(file, pdf);
    const { stdout } = await run('pdfsig', [file]).catch((e: { stdout?: string }) => ({
      stdout: e.stdout ?? '',
    }));
    return stdout;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function pdftotext(pdf: Buffer, page: number): Promise<string> {
  const dir = tempDir();
  try {
    const file = path.join(dir, 'in.pdf');
    fs.writeFileSync(file, pdf);
    const { stdout } = await run('pdftotext', ['-f', String(page), '-l', String(page), '-layout', file, '-']);
    return stdout;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
