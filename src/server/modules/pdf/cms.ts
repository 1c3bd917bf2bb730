import crypto from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import type { KeySigner } from './key-signer.ts';

/**
 * The CMS SignedData of a PAdES signature (ETSI.CAdES.detached, B-B): detached, over the SHA-256 of
 * the signed byte ranges. Signed attributes as @libpdf/core 0.4.2 wrote them, so files signed
 * before and after decision 035 carry the same structure: content-type, signing-time,
 * CMSAlgorithmProtection (RFC 6211), message-digest and ESS signing-certificate-v2 (RFC 5035).
 * The certificate and the chain after it are embedded.
 */

const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  algorithmProtection: '1.2.840.113549.1.9.52',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  sha256: '2.16.840.1.101.3.4.2.1',
  sha256WithRsa: '1.2.840.113549.1.1.11',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
};

const toArrayBuffer = (b: Uint8Array): ArrayBuffer =>
  b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;

function parseCertificate(der: Uint8Array) {
  const asn1 = asn1js.fromBER(toArrayBuffer(der));
  if (asn1.offset === -1) throw new Error('cannot read the signing certificate');
  return new pkijs.Certificate({ schema: asn1.result });
}

function signedAttributes(
  documentHash: Uint8Array,
  signer: KeySigner,
  certificate: pkijs.Certificate,
  signingTime: Date,
) {
  const rsa = signer.keyType === 'RSA';
  const signatureOid = rsa ? OID.sha256WithRsa : OID.ecdsaWithSha256;
  const protection = new asn1js.Sequence({
    value: [
      new asn1js.Sequence({ value: [new asn1js.ObjectIdentifier({ value: OID.sha256 })] }),
      new asn1js.Constructed({
        idBlock: { tagClass: 3, tagNumber: 1 },
        value: rsa
          ? [new asn1js.ObjectIdentifier({ value: signatureOid }), new asn1js.Null()]
          : [new asn1js.ObjectIdentifier({ value: signatureOid })],
      }),
    ],
  });
  const certHash = crypto.createHash('sha256').update(signer.certificate).digest();
  const issuerSerial = new pkijs.IssuerSerial({
    issuer: new pkijs.GeneralNames({
      names: [new pkijs.GeneralName({ type: 4, value: certificate.issuer })],
    }),
    serialNumber: certificate.serialNumber,
  });
  // ESSCertIDv2 with SHA-256, the default algorithm, left out as DER wants.
  const signingCertificate = new asn1js.Sequence({
    value: [
      new asn1js.Sequence({
        value: [
          new asn1js.Sequence({
            value: [new asn1js.OctetString({ valueHex: toArrayBuffer(certHash) }), issuerSerial.toSchema()],
          }),
        ],
      }),
    ],
  });
  return [
    new pkijs.Attribute({
      type: OID.contentType,
      values: [new asn1js.ObjectIdentifier({ value: OID.data })],
    }),
    new pkijs.Attribute({ type: OID.signingTime, values: [new asn1js.UTCTime({ valueDate: signingTime })] }),
    new pkijs.Attribute({ type: OID.algorithmProtection, values: [protection] }),
    new pkijs.Attribute({
      type: OID.messageDigest,
      values: [new asn1js.OctetString({ valueHex: toArrayBuffer(documentHash) })],
    }),
    new pkijs.Attribute({ type: OID.signingCertificateV2, values: [signingCertificate] }),
  ];
}

/** Parsed once per signer (the pool keeps a signer per identity). */
const parsed = new WeakMap<KeySigner, pkijs.Certificate[]>();
function certificatesOf(signer: KeySigner) {
  let certificates = parsed.get(signer);
  if (!certificates) {
    certificates = [signer.certificate, ...signer.certificateChain].map(parseCertificate);
    parsed.set(signer, certificates);
  }
  return certificates;
}

/** DER of a ContentInfo holding the SignedData, ready for the signature's /Contents. */
export async function cadesDetached(
  signer: KeySigner,
  documentHash: Uint8Array,
  signingTime: Date,
): Promise<Uint8Array> {
  const certificates = certificatesOf(signer);
  const certificate = certificates[0]!;
  const attributes = signedAttributes(documentHash, signer, certificate, signingTime);
  // Signed over the attributes' DER as a SET OF (tag 0x31), not the [0] they carry in SignerInfo.
  const encoded = new Uint8Array(
    new pkijs.SignedAndUnsignedAttributes({ type: 0, attributes }).toSchema().toBER(false),
  );
  encoded[0] = 0x31;
  const signature = await signer.sign(encoded, 'SHA-256');
  const digestAlgorithm = () => new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256 });
  const signerInfo = new pkijs.SignerInfo({
    version: 1,
    sid: new pkijs.IssuerAndSerialNumber({
      issuer: certificate.issuer,
      serialNumber: certificate.serialNumber,
    }),
    digestAlgorithm: digestAlgorithm(),
    signedAttrs: new pkijs.SignedAndUnsignedAttributes({ type: 0, attributes }),
    signatureAlgorithm: new pkijs.AlgorithmIdentifier({
      algorithmId: signer.keyType === 'RSA' ? OID.sha256WithRsa : OID.ecdsaWithSha256,
    }),
    signature: new asn1js.OctetString({ valueHex: toArrayBuffer(signature) }),
  });
  const signedData = new pkijs.SignedData({
    version: 1,
    encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: OID.data }),
    digestAlgorithms: [digestAlgorithm()],
    certificates,
    signerInfos: [signerInfo],
  });
  const contentInfo = new pkijs.ContentInfo({ contentType: OID.signedData, content: signedData.toSchema() });
  return new Uint8Array(contentInfo.toSchema().toBER(false));
}
