import crypto from 'node:crypto';
import { promisify } from 'node:util';
import type * as Asn1js from 'asn1js';
import type * as Pkijs from 'pkijs';
import { lazyRequire } from '#server/lib/lazy-require.ts';
import type { SigningIdentity } from './certificate.ts';

// On first use, and their CommonJS builds: pkijs loads in about 0.15 s so, 0.55 s as an ES module
// (measured on this machine, loaded), and only a fresh database needs a certificate made.
const loadAsn1js = lazyRequire<typeof Asn1js>('asn1js');
const loadPkijs = lazyRequire<typeof Pkijs>('pkijs');

const generateKeyPair = promisify(crypto.generateKeyPair);

const OID = {
  commonName: '2.5.4.3',
  organizationName: '2.5.4.10',
  basicConstraints: '2.5.29.19',
  keyUsage: '2.5.29.15',
  subjectKeyIdentifier: '2.5.29.14',
  sha256WithRsa: '1.2.840.113549.1.1.11',
};

/** CN and O, each its own RDN (pkijs would put them in one multi-valued RDN: "CN=… + O=…"). */
function name(commonName: string) {
  const asn1js = loadAsn1js();
  const pkijs = loadPkijs();
  const rdns = [
    [OID.commonName, commonName.slice(0, 64)],
    [OID.organizationName, 'Inkproof'],
  ].map(
    ([type, value]) =>
      new asn1js.Set({
        value: [
          new pkijs.AttributeTypeAndValue({ type, value: new asn1js.Utf8String({ value }) }).toSchema(),
        ],
      }),
  );
  return pkijs.RelativeDistinguishedNames.fromBER(new asn1js.Sequence({ value: rdns }).toBER(false));
}

// RFC 5280: UTCTime until 2049, GeneralizedTime from 2050.
const time = (value: Date) => new (loadPkijs().Time)({ type: value.getUTCFullYear() < 2050 ? 0 : 1, value });

/**
 * A self-signed RSA-2048 certificate for signing PDFs, valid ten years. RSA rather than ECDSA
 * because every PDF reader verifies it; node:crypto makes the key and signs, pkijs writes the DER.
 */
export async function createSelfSignedIdentity(
  commonName: string,
  now = new Date(),
): Promise<SigningIdentity> {
  const asn1js = loadAsn1js();
  const pkijs = loadPkijs();
  const { privateKey, publicKey } = await generateKeyPair('rsa', { modulusLength: 2048 });
  const spki = publicKey.export({ type: 'spki', format: 'der' });
  const cert = new pkijs.Certificate();
  cert.version = 2;
  const serial = crypto.randomBytes(16);
  // Positive, and a first byte that is not zero: DER wants the shortest form, and OpenSSL refuses a
  // leading zero byte (1 certificate in 128 failed to load, a test app in a full run now and then).
  serial[0] = (serial[0]! & 0x7f) | 0x40;
  cert.serialNumber = new asn1js.Integer({ valueHex: serial });
  cert.subject = name(commonName);
  cert.issuer = name(commonName);
  cert.notBefore = time(new Date(now.getTime() - 60_000));
  cert.notAfter = time(new Date(now.getTime() + 10 * 365.25 * 24 * 3600 * 1000));
  cert.subjectPublicKeyInfo = pkijs.PublicKeyInfo.fromBER(spki);
  const publicKeyBits = cert.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView;
  const extension = (extnID: string, critical: boolean, value: Asn1js.BaseBlock) =>
    new pkijs.Extension({ extnID, critical, extnValue: value.toBER(false) });
  cert.extensions = [
    extension(OID.basicConstraints, true, new pkijs.BasicConstraints({ cA: false }).toSchema()),
    // digitalSignature and nonRepudiation: the first two bits.
    extension(OID.keyUsage, true, new asn1js.BitString({ valueHex: new Uint8Array([0xc0]), unusedBits: 6 })),
    extension(
      OID.subjectKeyIdentifier,
      false,
      new asn1js.OctetString({ valueHex: crypto.createHash('sha1').update(publicKeyBits).digest() }),
    ),
  ];
  const algorithm = () =>
    new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256WithRsa, algorithmParams: new asn1js.Null() });
  cert.signature = algorithm();
  cert.signatureAlgorithm = algorithm();
  const tbs = Buffer.from(cert.encodeTBS().toBER(false));
  cert.tbsView = new Uint8Array(tbs);
  cert.signatureValue = new asn1js.BitString({ valueHex: crypto.sign('sha256', tbs, privateKey) });
  return {
    key: privateKey.export({ type: 'pkcs8', format: 'der' }),
    certificates: [Buffer.from(cert.toSchema().toBER(false))],
  };
}
