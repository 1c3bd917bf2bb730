import crypto from 'node:crypto';
import type { DigestAlgorithm, KeyType, SignatureAlgorithm, Signer } from '@libpdf/core';
import type { SigningIdentity } from './certificate.ts';

/**
 * Signs with a PKCS#8 key through node:crypto: RSA PKCS#1 v1.5 or ECDSA, whose signature node
 * writes in the DER form CMS wants. The CMS carries the certificate and the chain after it.
 */
export class KeySigner implements Signer {
  readonly certificate: Uint8Array;
  readonly certificateChain: Uint8Array[];
  readonly keyType: KeyType;
  readonly signatureAlgorithm: SignatureAlgorithm;
  private readonly key: crypto.KeyObject;

  constructor(identity: SigningIdentity) {
    const [certificate, ...chain] = identity.certificates;
    if (!certificate) throw new Error('the signing identity has no certificate');
    this.key = crypto.createPrivateKey({ key: Buffer.from(identity.key), format: 'der', type: 'pkcs8' });
    const ec = this.key.asymmetricKeyType === 'ec';
    if (!ec && this.key.asymmetricKeyType !== 'rsa')
      throw new Error(`cannot sign with a ${this.key.asymmetricKeyType} key`);
    this.keyType = ec ? 'EC' : 'RSA';
    this.signatureAlgorithm = ec ? 'ECDSA' : 'RSASSA-PKCS1-v1_5';
    this.certificate = certificate;
    this.certificateChain = chain;
  }

  sign(data: Uint8Array, algorithm: DigestAlgorithm): Promise<Uint8Array> {
    const hash = algorithm.replace('-', '').toLowerCase();
    return Promise.resolve(crypto.sign(hash, data, { key: this.key, dsaEncoding: 'der' }));
  }
}
