import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { bmpPassword, pkcs12Kdf } from '#server/modules/pdf/pbe.ts';

/** Test certificates made the way an admin makes them: with the openssl command line. */

const run = promisify(execFile);

export type KeyKind = 'rsa' | 'ec' | 'rsa1024' | 'p384' | 'ed25519';

const NEW_KEY: Record<KeyKind, string[]> = {
  rsa: ['-newkey', 'rsa:2048'],
  ec: ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256'],
  rsa1024: ['-newkey', 'rsa:1024'],
  p384: ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-384'],
  ed25519: ['-newkey', 'ed25519'],
};

export const openssl = async (args: string[], cwd?: string) => (await run('openssl', args, { cwd })).stdout;

/** A folder of keys (`<name>.key`) and certificates (`<name>.pem`); remove() when done. */
export class TestPki {
  readonly dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkproof-pki-'));

  file = (name: string) => path.join(this.dir, name);

  remove() {
    fs.rmSync(this.dir, { recursive: true, force: true });
  }

  /** A self-signed certificate: a root CA, or a signer that vouches for itself. */
  async selfSigned(name: string, kind: KeyKind, subject: string, { ca = false, days = 3650 } = {}) {
    const ext = ca
      ? ['-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign']
      : ['-addext', 'keyUsage=critical,digitalSignature,nonRepudiation'];
    await openssl(
      ['req', '-x509', ...NEW_KEY[kind], '-nodes', '-keyout', `${name}.key`, '-out', `${name}.pem`].concat([
        '-days',
        String(days),
        '-subj',
        subject,
        ...ext,
      ]),
      this.dir,
    );
  }

  /** A certificate for a new key, issued by `issuer` (a CA made here). */
  async issued(
    name: string,
    kind: KeyKind,
    subject: string,
    issuer: string,
    { ca = false, days = 730 } = {},
  ) {
    await openssl(
      ['req', ...NEW_KEY[kind], '-nodes', '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', subject],
      this.dir,
    );
    fs.writeFileSync(
      this.file(`${name}.ext`),
      ca
        ? 'basicConstraints=critical,CA:TRUE,pathlen:0\nkeyUsage=critical,keyCertSign,cRLSign\n'
        : 'basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature,nonRepudiation\n',
    );
    await openssl(
      ['x509', '-req', '-in', `${name}.csr`, '-CA', `${issuer}.pem`, '-CAkey', `${issuer}.key`].concat([
        '-CAcreateserial',
        '-out',
        `${name}.pem`,
        '-days',
        String(days),
        '-extfile',
        `${name}.ext`,
      ]),
      this.dir,
    );
  }

  /** Root CA → intermediate CA → signer ("leaf"), all with keys of one kind. */
  async chain(kind: 'rsa' | 'ec', label: string) {
    await this.selfSigned('root', kind, `/CN=${label} Root CA/O=Example Corp`, { ca: true });
    await this.issued('intermediate', kind, `/CN=${label} Intermediate CA/O=Example Corp`, 'root', {
      ca: true,
    });
    await this.issued('leaf', kind, `/CN=${label} Signer/O=Example Corp`, 'intermediate');
    return this;
  }

  /**
   * `openssl pkcs12 -export`: `key` with the certificates `certs` (names, first one the key's
   * unless `-nokeys`), protected as `args` say (nothing = OpenSSL 3's default: AES-256, PBKDF2).
   */
  async p12(
    password: string,
    { key = 'leaf', certs = ['leaf', 'intermediate', 'root'], args = [] as string[] } = {},
  ) {
    const input = args.includes('-nokeys') ? [] : ['-inkey', `${key}.key`];
    const [first, ...rest] = certs;
    if (first) input.push('-in', `${first}.pem`);
    if (rest.length) {
      fs.writeFileSync(
        this.file('extra.pem'),
        rest.map((c) => fs.readFileSync(this.file(`${c}.pem`))).join(''),
      );
      input.push('-certfile', 'extra.pem');
    }
    await openssl(
      ['pkcs12', '-export', ...input, '-passout', `pass:${password}`, ...args, '-out', 'out.p12'],
      this.dir,
    );
    return fs.readFileSync(this.file('out.p12'));
  }

  /** What `openssl pkcs12 -info` says of a file's protection (it writes that to stderr). */
  async describe(p12: Buffer, password: string) {
    fs.writeFileSync(this.file('described.p12'), p12);
    const { stdout, stderr } = await run(
      'openssl',
      ['pkcs12', '-info', '-noout', '-legacy', '-in', 'described.p12', '-passin', `pass:${password}`],
      { cwd: this.dir },
    );
    return stderr + stdout;
  }

  der = (name: string) => new crypto.X509Certificate(fs.readFileSync(this.file(`${name}.pem`))).raw;
  keyDer = (name: string) =>
    crypto
      .createPrivateKey(fs.readFileSync(this.file(`${name}.key`)))
      .export({ type: 'pkcs8', format: 'der' });
}

const DATA = '1.2.840.113549.1.7.1';

/**
 * A PKCS#12 openssl refuses to write: keys and certificates in plain bags, in the order given,
 * whether or not they belong together. SHA-256 MAC with the password.
 */
export function plainPkcs12(keys: Uint8Array[], certificates: Uint8Array[], password: string): Buffer {
  const bags = [
    ...certificates.map(
      (der) =>
        new pkijs.SafeBag({
          bagId: '1.2.840.113549.1.12.10.1.3',
          bagValue: new pkijs.CertBag({
            certId: '1.2.840.113549.1.9.22.1',
            certValue: new asn1js.OctetString({ valueHex: new Uint8Array(der) }),
          }),
        }),
    ),
    ...keys.map(
      (der) =>
        new pkijs.SafeBag({
          bagId: '1.2.840.113549.1.12.10.1.1',
          bagValue: pkijs.PrivateKeyInfo.fromBER(new Uint8Array(der)),
        }),
    ),
  ];
  const data = (der: ArrayBuffer) =>
    new pkijs.ContentInfo({ contentType: DATA, content: new asn1js.OctetString({ valueHex: der }) });
  const safe = new pkijs.SafeContents({ safeBags: bags }).toSchema().toBER(false);
  const authSafe = new pkijs.AuthenticatedSafe({ safeContents: [data(safe)] }).toSchema().toBER(false);
  const salt = crypto.randomBytes(8);
  const macKey = pkcs12Kdf('sha256', bmpPassword(password), salt, 3, 2048, 32);
  const mac = crypto.createHmac('sha256', macKey).update(new Uint8Array(authSafe)).digest();
  const pfx = new pkijs.PFX({
    version: 3,
    authSafe: data(authSafe),
    macData: new pkijs.MacData({
      mac: new pkijs.DigestInfo({
        digestAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: '2.16.840.1.101.3.4.2.1' }),
        digest: new asn1js.OctetString({ valueHex: new Uint8Array(mac) }),
      }),
      macSalt: new asn1js.OctetString({ valueHex: new Uint8Array(salt) }),
      iterations: 2048,
    }),
  });
  return Buffer.from(pfx.toSchema().toBER(false));
}
