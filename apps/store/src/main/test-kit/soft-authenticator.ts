/**
 * @module A software passkey authenticator for tests: real WebAuthn answers (attestation
 * `none`, ES256 keys from node:crypto, CBOR by hand) to the options the store sends, so the
 * server's checks run on what a browser would send. Tests can sign with another key, claim
 * another origin, or replay an old counter (a clone).
 */
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from "node:crypto";

type Cbor = number | string | Uint8Array | Cbor[] | Map<number | string, Cbor>;

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 256) return Buffer.from([(major << 5) | 24, length]);
  if (length < 65536) {
    const bytes = Buffer.alloc(3);
    bytes[0] = (major << 5) | 25;
    bytes.writeUInt16BE(length, 1);
    return bytes;
  }
  const bytes = Buffer.alloc(5);
  bytes[0] = (major << 5) | 26;
  bytes.writeUInt32BE(length, 1);
  return bytes;
}

/** The CBOR encoding of the few types WebAuthn uses. */
export function cbor(value: Cbor): Buffer {
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === "string") {
    const text = Buffer.from(value, "utf8");
    return Buffer.concat([head(3, text.length), text]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(cbor)]);
  const parts = [...value].flatMap(([key, item]) => [cbor(key), cbor(item)]);
  return Buffer.concat([head(5, value.size), ...parts]);
}

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");
const sha256 = (bytes: Uint8Array | string) => createHash("sha256").update(bytes).digest();

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export type SoftPasskey = {
  id: Buffer;
  rpId: string;
  userHandle: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  counter: number;
};

function coseKey(publicKey: KeyObject): Buffer {
  const jwk = publicKey.export({ format: "jwk" });
  return cbor(
    new Map<number, Cbor>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x as string, "base64url")],
      [-3, Buffer.from(jwk.y as string, "base64url")],
    ]),
  );
}

function clientData(type: string, challenge: string, origin: string): Buffer {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

function counterBytes(counter: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(counter, 0);
  return bytes;
}

type CreationOptions = { challenge: string; rp: { id?: string }; user: { id: string } };
type RequestOptions = { challenge: string; rpId?: string };

/** An authenticator holding discoverable passkeys, like a phone or a laptop's. */
export function createSoftAuthenticator(options: { userVerified?: boolean } = {}) {
  const flags = FLAG_UP | (options.userVerified === false ? 0 : FLAG_UV);
  const passkeys: SoftPasskey[] = [];

  return {
    passkeys,

    /**
     * Answers `navigator.credentials.create` (registration options) as `origin`. `idBytes` sets
     * the credential id's length (16 by default), `id` the id itself; `forgeAttestation` sends a `packed`
     * self-attestation signed by another key instead of `none`.
     */
    create(
      creation: CreationOptions,
      origin: string,
      choice: { idBytes?: number; id?: Buffer; forgeAttestation?: boolean } = {},
    ) {
      const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
      const rpId = creation.rp.id ?? new URL(origin).hostname;
      const passkey: SoftPasskey = {
        id: choice.id ?? randomBytes(choice.idBytes ?? 16),
        rpId,
        userHandle: creation.user.id,
        privateKey,
        publicKey,
        counter: 0,
      };
      passkeys.push(passkey);
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(passkey.id.length, 0);
      const authData = Buffer.concat([
        sha256(rpId),
        Buffer.from([flags | FLAG_AT]),
        counterBytes(0),
        Buffer.alloc(16),
        idLength,
        passkey.id,
        coseKey(publicKey),
      ]);
      const clientDataJSON = clientData("webauthn.create", creation.challenge, origin);
      const forged = () => {
        const signed = Buffer.concat([authData, sha256(clientDataJSON)]);
        const sig = sign("sha256", signed, strangerKey());
        return new Map<string, Cbor>([
          ["alg", -7],
          ["sig", sig],
        ]);
      };
      const attestationObject = cbor(
        new Map<string, Cbor>([
          ["fmt", choice.forgeAttestation === true ? "packed" : "none"],
          ["attStmt", choice.forgeAttestation === true ? forged() : new Map()],
          ["authData", authData],
        ]),
      );
      return {
        id: b64url(passkey.id),
        rawId: b64url(passkey.id),
        type: "public-key",
        response: {
          clientDataJSON: b64url(clientDataJSON),
          attestationObject: b64url(attestationObject),
          transports: ["internal"],
        },
        clientExtensionResults: {},
        authenticatorAttachment: "platform",
      };
    },

    /**
     * Answers `navigator.credentials.get` with `passkey` (the last one made by default).
     * `signWith` signs with another key (a forgery); `counter` sets the counter sent.
     */
    get(
      request: RequestOptions,
      origin: string,
      choice: { passkey?: SoftPasskey; signWith?: KeyObject; counter?: number } = {},
    ) {
      const passkey = choice.passkey ?? passkeys.at(-1);
      if (passkey === undefined) throw new Error("the authenticator holds no passkey");
      passkey.counter = choice.counter ?? passkey.counter + 1;
      const authData = Buffer.concat([
        sha256(request.rpId ?? passkey.rpId),
        Buffer.from([flags]),
        counterBytes(passkey.counter),
      ]);
      const clientDataJSON = clientData("webauthn.get", request.challenge, origin);
      const signature = sign(
        "sha256",
        Buffer.concat([authData, sha256(clientDataJSON)]),
        choice.signWith ?? passkey.privateKey,
      );
      return {
        id: b64url(passkey.id),
        rawId: b64url(passkey.id),
        type: "public-key",
        response: {
          clientDataJSON: b64url(clientDataJSON),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
          userHandle: passkey.userHandle,
        },
        clientExtensionResults: {},
        authenticatorAttachment: "platform",
      };
    },
  };
}

/** A fresh P-256 private key: for signing with a key the store does not know. */
export function strangerKey(): KeyObject {
  return generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey;
}
