/**
 * A software WebAuthn authenticator for API tests (issue 22 §3): it answers the options of the passkey
 * calls as a browser with a platform authenticator would — `RegistrationResponseJSON` with a `none`
 * attestation, and `AuthenticationResponseJSON` signed with its ES256 (P-256, COSE alg -7) key — so the
 * tests exercise `@simplewebauthn/server`'s real verification. Byte layouts: WebAuthn §6.1
 * (authenticator data), §6.5.4 (`none` attestation object), §5.8.1 (client data), RFC 9053 §7.1.1
 * (EC2 COSE_Key). Each credential keeps its own signature counter, which tests may set to replay or
 * rewind it.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/** A credential the authenticator holds. */
export interface SoftwareCredential {
  /** Credential id, base64url. */
  id: string;
  privateKey: KeyObject;
  /** COSE_Key of the public key. */
  cosePublicKey: Uint8Array;
  /** The WebAuthn user handle given at creation (base64url). */
  userHandle: string;
  /** The signature counter the next assertion reports (incremented after each). */
  counter: number;
}

/** Options as the API answers them (the fields this authenticator reads). */
interface CreationOptions {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}
interface RequestOptions {
  challenge: string;
  rpId?: string;
}

const sha256 = (data: Uint8Array | string): Buffer => createHash('sha256').update(data).digest();
const b64url = (data: Uint8Array): string => Buffer.from(data).toString('base64url');

/** Flags of authenticator data (WebAuthn §6.1): UP, UV, BE, BS, AT. */
const UP = 0x01;
const UV = 0x04;
const BE = 0x08;
const BS = 0x10;
const AT = 0x40;

/** Authenticator data: rpIdHash ‖ flags ‖ signCount (big-endian u32) ‖ attested credential data. */
function authenticatorData(rpId: string, flags: number, counter: number, attested?: Uint8Array): Buffer {
  const count = Buffer.alloc(4);
  count.writeUInt32BE(counter >>> 0);
  return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
}

/** The browser's client data JSON (WebAuthn §5.8.1). */
function clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): Buffer {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }), 'utf8');
}

/** The authenticator: where its ceremonies claim to run (`origin`) and whether it verifies the user. */
export class SoftwareAuthenticator {
  readonly credentials: SoftwareCredential[] = [];

  readonly origin: string;
  readonly options: { userVerified?: boolean; synced?: boolean };

  /**
   * @param origin the page origin the ceremonies claim (the client data's `origin`)
   * @param options `userVerified: false` answers without the UV flag; `synced: true` with BE and BS
   */
  constructor(origin: string, options: { userVerified?: boolean; synced?: boolean } = {}) {
    this.origin = origin;
    this.options = options;
  }

  private flags(): number {
    const synced = this.options.synced ? BE | BS : 0;
    return UP | (this.options.userVerified === false ? 0 : UV) | synced;
  }

  /** Answers registration options: a new ES256 credential, `none` attestation. */
  create(options: Record<string, unknown>): {
    response: Record<string, unknown>;
    credential: SoftwareCredential;
  } {
    const o = options as unknown as CreationOptions;
    const rpId = o.rp.id ?? new URL(this.origin).hostname;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const cosePublicKey = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, new Uint8Array(Buffer.from(jwk.x ?? '', 'base64url'))],
        [-3, new Uint8Array(Buffer.from(jwk.y ?? '', 'base64url'))],
      ]),
    );
    const idBytes = randomBytes(32);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(idBytes.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, idBytes, Buffer.from(cosePublicKey)]);
    const authData = authenticatorData(rpId, this.flags() | AT, 0, attested);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, string> | Uint8Array>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', new Uint8Array(authData)],
      ]),
    );
    const credential: SoftwareCredential = {
      id: b64url(idBytes),
      privateKey,
      cosePublicKey,
      userHandle: o.user.id,
      counter: 1,
    };
    this.credentials.push(credential);
    return {
      credential,
      response: {
        id: credential.id,
        rawId: credential.id,
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', o.challenge, this.origin)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
        authenticatorAttachment: 'platform',
        clientExtensionResults: {},
      },
    };
  }

  /** Answers request options with `credential` (default: the last created): an ES256 assertion. */
  get(options: Record<string, unknown>, credential = this.credentials.at(-1)): Record<string, unknown> {
    if (!credential) throw new Error('the software authenticator holds no credential');
    const o = options as unknown as RequestOptions;
    const rpId = o.rpId ?? new URL(this.origin).hostname;
    const authData = authenticatorData(rpId, this.flags(), credential.counter);
    credential.counter += 1;
    const data = clientData('webauthn.get', o.challenge, this.origin);
    const signature = sign('sha256', Buffer.concat([authData, sha256(data)]), credential.privateKey);
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(data),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }
}
