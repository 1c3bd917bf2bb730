import crypto from 'node:crypto';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const b64 = (b: Uint8Array | string) => Buffer.from(b).toString('base64url');
const sha256 = (b: Uint8Array | string) => crypto.createHash('sha256').update(b).digest();

interface Stored {
  id: Buffer;
  rpId: string;
  privateKey: crypto.KeyObject;
  userHandle: string;
  counter: number;
}

/**
 * A software passkey authenticator for API tests: P-256 keys, "none" attestation, discoverable
 * credentials, user verification on. What a browser and its authenticator would send.
 */
export class TestAuthenticator {
  readonly credentials: Stored[] = [];
  constructor(public origin: string) {}

  create(options: PublicKeyCredentialCreationOptionsJSON, origin = this.origin): RegistrationResponseJSON {
    const { privateKey, publicKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const cose = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
      [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
    ]);
    const id = crypto.randomBytes(16);
    const rpId = options.rp.id!;
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(id.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([0x45]), // user present, user verified, attested credential data
      Buffer.alloc(4),
      Buffer.alloc(16),
      idLength,
      id,
      Buffer.from(isoCBOR.encode(cose)),
    ]);
    const attestation = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', new Uint8Array(authData)],
      ]) as never,
    );
    const clientData = JSON.stringify({
      type: 'webauthn.create',
      challenge: options.challenge,
      origin,
      crossOrigin: false,
    });
    this.credentials.push({ id, rpId, privateKey, userHandle: options.user.id, counter: 0 });
    return {
      id: b64(id),
      rawId: b64(id),
      type: 'public-key',
      response: {
        clientDataJSON: b64(clientData),
        attestationObject: b64(attestation),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    };
  }

  get(
    options: PublicKeyCredentialRequestOptionsJSON,
    opts: { origin?: string; challenge?: string; credential?: Stored } = {},
  ): AuthenticationResponseJSON {
    const allowed = options.allowCredentials?.map((c) => c.id) ?? [];
    const cred =
      opts.credential ??
      this.credentials.find(
        (c) => c.rpId === options.rpId && (allowed.length === 0 || allowed.includes(b64(c.id))),
      );
    if (!cred) throw new Error('no matching credential');
    cred.counter += 1;
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(cred.counter);
    const authData = Buffer.concat([sha256(cred.rpId), Buffer.from([0x05]), counter]);
    const clientData = JSON.stringify({
      type: 'webauthn.get',
      challenge: opts.challenge ?? options.challenge,
      origin: opts.origin ?? this.origin,
      crossOrigin: false,
    });
    const signature = crypto.sign('sha256', Buffer.concat([authData, sha256(clientData)]), cred.privateKey);
    return {
      id: b64(cred.id),
      rawId: b64(cred.id),
      type: 'public-key',
      response: {
        clientDataJSON: b64(clientData),
        authenticatorData: b64(authData),
        signature: b64(signature),
        userHandle: cred.userHandle,
      },
      clientExtensionResults: {},
    };
  }
}
