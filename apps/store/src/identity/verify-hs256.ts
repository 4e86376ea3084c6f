/**
 * @module Synchronous HS256 JWT verification with `node:crypto`. jose verifies through WebCrypto,
 * which is asynchronous and costs about 100 µs per call under load; a plain HMAC is a few µs.
 * Claim checks follow jose's `jwtVerify` for the claims our tokens carry.
 */
import { createHmac, createSecretKey, type KeyObject, timingSafeEqual } from "node:crypto";
import { isPlainObject } from "../platform/query/values.ts";

export type JwtPayload = Record<string, unknown>;

export type Hs256Failure = "invalid" | "expired";

/** Why a token was refused: `expired` only for a valid signature whose `exp` has passed. */
export class Hs256Error extends Error {
  readonly reason: Hs256Failure;
  constructor(reason: Hs256Failure) {
    super(reason === "expired" ? "token expired" : "token invalid");
    this.name = "Hs256Error";
    this.reason = reason;
  }
}

const SIGNATURE_BYTES = 32;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

function decodeJson(segment: string): unknown {
  if (!BASE64URL.test(segment)) throw new Hs256Error("invalid");
  try {
    return JSON.parse(Buffer.from(segment, "base64url").toString("utf8"));
  } catch {
    throw new Hs256Error("invalid");
  }
}

export type Hs256Verifier = (token: string, nowSeconds: number) => JwtPayload;

/**
 * A verifier for one key. `clockToleranceSeconds` as in jose: a token is expired once
 * `exp <= now - tolerance` and not yet valid while `nbf > now + tolerance`.
 * The verifier throws Hs256Error; a token without `exp` is refused (ours always carry one).
 */
export function createHs256Verifier(key: Uint8Array, clockToleranceSeconds = 0): Hs256Verifier {
  const secret: KeyObject = createSecretKey(key);
  return function verifyHs256(token, nowSeconds) {
    const first = token.indexOf(".");
    const second = token.indexOf(".", first + 1);
    if (first <= 0 || second <= first + 1 || token.indexOf(".", second + 1) !== -1) {
      throw new Hs256Error("invalid");
    }
    const signature = token.slice(second + 1);
    if (!BASE64URL.test(signature)) throw new Hs256Error("invalid");
    const given = Buffer.from(signature, "base64url");
    const expected = createHmac("sha256", secret).update(token.slice(0, second)).digest();
    if (given.length !== SIGNATURE_BYTES || !timingSafeEqual(given, expected)) {
      throw new Hs256Error("invalid");
    }
    const header = decodeJson(token.slice(0, first));
    if (!isPlainObject(header) || header.alg !== "HS256" || header.crit !== undefined) {
      throw new Hs256Error("invalid");
    }
    const payload = decodeJson(token.slice(first + 1, second));
    if (!isPlainObject(payload)) throw new Hs256Error("invalid");
    const { exp, nbf, iat } = payload;
    if (typeof exp !== "number" || (nbf !== undefined && typeof nbf !== "number")) {
      throw new Hs256Error("invalid");
    }
    if (iat !== undefined && typeof iat !== "number") throw new Hs256Error("invalid");
    if (typeof nbf === "number" && nbf > nowSeconds + clockToleranceSeconds) {
      throw new Hs256Error("invalid");
    }
    if (exp <= nowSeconds - clockToleranceSeconds) throw new Hs256Error("expired");
    return payload;
  };
}
