import { deflateSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { signatureMessages as m } from '#shared/signatures/messages.ts';
import { ApiError } from '#web/lib/api.ts';
import { asPublicSignature, outcomeOfError } from '#web/features/verification/lib/lookup-outcome.ts';
import { requestFromMetadata } from '#web/features/verification/lib/read-metadata.ts';
import { requestFromText } from '#web/features/verification/lib/request-from-text.ts';

const ORIGIN = 'https://sign.example';
const REF = 'SIG-20250414-4821';
const URL_OF = (origin: string, query: string) => `${origin}/verify-signature?${query}`;

describe('what a QR code may open', () => {
  test('a bare reference or any link carrying ref= gives only that reference', () => {
    expect(requestFromText(` ${REF.toLowerCase()} `, ORIGIN)?.target).toEqual({ kind: 'ref', ref: REF });
    const foreign = requestFromText(URL_OF('https://evil.example', `ref=${REF}&name=Eve`), ORIGIN);
    // The whole link travels along: its fragment may carry a seal, checked on its own.
    const link = URL_OF('https://evil.example', `ref=${REF}&name=Eve`);
    expect(foreign).toEqual({ target: { kind: 'ref', ref: REF }, claimed: { name: 'Eve' }, link });
  });

  test('an id-only link counts only when it is this site', () => {
    expect(requestFromText(URL_OF(ORIGIN, 'id=42'), ORIGIN)?.target).toEqual({ kind: 'id', id: '42' });
    expect(requestFromText(URL_OF('https://evil.example', 'id=42'), ORIGIN)).toBeNull();
  });

  test('anything else is refused', () => {
    for (const text of [
      'https://evil.example/login',
      'javascript:alert(1)',
      'hello',
      URL_OF(ORIGIN, 'ref=SIG-1'),
    ]) {
      expect(requestFromText(text, ORIGIN)).toBeNull();
    }
  });
});

function pngWith(chunks: Array<[string, Buffer]>) {
  const chunk = ([type, data]: [string, Buffer]) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    return Buffer.concat([length, Buffer.from(type, 'latin1'), data, Buffer.alloc(4)]);
  };
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new Uint8Array(
    Buffer.concat([signature, ...[...chunks, ['IEND', Buffer.alloc(0)] as [string, Buffer]].map(chunk)]),
  );
}

describe('metadata a downloaded file carries', () => {
  const url = URL_OF(ORIGIN, `id=1&ref=${REF}&name=Ada`);

  test('PNG tEXt and compressed iTXt chunks', async () => {
    const text = pngWith([['tEXt', Buffer.from(`Inkproof-Reference\0${REF}`, 'latin1')]]);
    expect((await requestFromMetadata(text))?.target).toEqual({ kind: 'ref', ref: REF });
    const itxt = Buffer.concat([
      Buffer.from('Inkproof-Verify-URL\0\x01\x00\0\0', 'latin1'),
      deflateSync(url),
    ]);
    expect(await requestFromMetadata(pngWith([['iTXt', itxt]]))).toEqual({
      target: { kind: 'ref', ref: REF },
      claimed: { name: 'Ada' },
      link: url,
    });
  });

  test('a JPEG comment between binary bytes, and XMP with escaped ampersands', async () => {
    const jpeg = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xfe]),
      Buffer.from(`Inkproof-Verify-URL: ${url}`),
      Buffer.from([0xff, 0xdb, 0x00, 0x43, 0x22]),
    ]);
    expect((await requestFromMetadata(new Uint8Array(jpeg)))?.claimed).toEqual({ name: 'Ada' });
    const svg = `<svg><metadata><rdf:Description inkproof:VerifyURL="${url.replace(/&/g, '&amp;')}"/></metadata></svg>`;
    expect((await requestFromMetadata(new TextEncoder().encode(svg)))?.target).toEqual({
      kind: 'ref',
      ref: REF,
    });
  });

  test('a file without any reference gives nothing', async () => {
    expect(await requestFromMetadata(pngWith([['tEXt', Buffer.from('Software\0sharp')]]))).toBeNull();
  });
});

describe('look-up answers', () => {
  const error = (status: number, data?: unknown) => new ApiError('x', status, data);

  test('429 flavours', () => {
    expect(outcomeOfError(error(429, { requireCaptcha: true }), 'ref')).toEqual({
      kind: 'captcha',
      message: m.lookupCaptchaNeeded,
    });
    expect(
      outcomeOfError(error(429, { requireCaptcha: true, message: m.lookupCaptchaWrong }), 'ref'),
    ).toEqual({
      kind: 'captcha',
      message: m.lookupCaptchaWrong,
    });
    expect(outcomeOfError(error(429, { blocked: true }), 'ref')).toEqual({
      kind: 'error',
      message: m.lookupBlocked,
    });
    expect(outcomeOfError(error(429, {}), 'ref')).toMatchObject({ message: m.lookupRateLimited });
    expect(outcomeOfError(error(429), 'ref')).toMatchObject({ message: m.lookupTooMany });
  });

  test('410, 404, other statuses and network failures', () => {
    expect(outcomeOfError(error(410, { revoked: true, revokedAt: '2025-01-01' }), 'ref')).toEqual({
      kind: 'revoked',
      message: m.revoked,
      revokedAt: '2025-01-01',
    });
    expect(outcomeOfError(error(410, { expired: true }), 'id')).toMatchObject({
      kind: 'expired',
      message: m.expired,
    });
    expect(outcomeOfError(error(404), 'ref')).toMatchObject({ message: m.notFound });
    expect(outcomeOfError(error(404), 'id')).toMatchObject({ message: m.verifyByIdFailed });
    expect(outcomeOfError(error(500), 'ref')).toMatchObject({ message: m.lookupOtherError });
    // No answer says nothing of the signature: offline, a gateway without its server.
    expect(outcomeOfError(new TypeError('Failed to fetch'), 'ref')).toEqual({ kind: 'unreachable' });
    expect(outcomeOfError(error(503), 'ref')).toEqual({ kind: 'unreachable' });
    expect(outcomeOfError(error(502), 'id')).toEqual({ kind: 'unreachable' });
  });

  test('a success body must look like a signature', () => {
    expect(asPublicSignature('<html>')).toBeNull();
    expect(asPublicSignature({ signerName: 'x' })).toBeNull();
    expect(
      asPublicSignature({ id: 1, referenceNumber: REF, signerName: 'A', isRegisteredUser: true }),
    ).toMatchObject({
      referenceNumber: REF,
      additionalData: '',
      signatureData: '',
      isRegisteredUser: true,
    });
  });
});
