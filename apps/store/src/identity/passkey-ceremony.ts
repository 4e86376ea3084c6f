/**
 * @module The WebAuthn ceremonies for passkeys, done by @simplewebauthn/server:
 * options with a challenge stored server-side (identity_tokens, kind `webauthn`: single use,
 * expiring, shared by every node on the database), and the checks of the browser's answer
 * against the relying party (PUBLIC_URL's host), the expected origin, the stored public key and
 * a signature counter that only moves forward.
 */
import type { Passkey } from "@consultant/site-content/wire";
import type {
  AuthenticationResponseJSON,
  RegistrationResponseJSON,
  VerifiedRegistrationResponse,
} from "@simplewebauthn/server";
import type { FastifyRequest } from "fastify";
import { ApiError, validationError, violation } from "../platform/errors.ts";
import { type OriginConfig, passkeyOrigin } from "../platform/http/request-origin.ts";
import { loadOnFirstUse } from "../platform/load-on-first-use.ts";
import { isPlainObject } from "../platform/query/values.ts";
import { type IdentityContext, issueToken, liveIdentity, takeToken } from "./identity-context.ts";
import type { IdentityRow } from "./storage/identity-store.ts";
import type { PasskeyRow } from "./storage/passkeys-store.ts";

/** How long the browser has to answer a challenge. */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60_000;
export const MAX_PASSKEYS_PER_IDENTITY = 20;
export const MAX_PASSKEY_NAME_LENGTH = 60;
/** WebAuthn's longest credential id (bytes); a longer one is refused when it is registered. */
const MAX_CREDENTIAL_ID_BYTES = 1023;
/** The same id in base64url, as a browser sends it to sign in. */
const MAX_CREDENTIAL_ID_CHARS = Math.ceil((MAX_CREDENTIAL_ID_BYTES * 4) / 3);
const SITE_NAME = "Your account";

// @simplewebauthn/server and its certificate parsers (about 20 MB) serve only passkey requests.
const webAuthn = loadOnFirstUse(() => import("@simplewebauthn/server"));

/** Who the passkeys are for: PUBLIC_URL's host (or `localhost` in development). */
export type RelyingParty = { id: string; origin: string };

function relyingPartyOf(origin: string): RelyingParty {
  return { id: new URL(origin).hostname, origin };
}

/**
 * The relying party of a request: pinned, whatever its `Host` says (see `passkeyOrigin`).
 * @throws ApiError PUBLIC_URL_REQUIRED.
 */
export function relyingPartyFor(ctx: OriginConfig, request: FastifyRequest): RelyingParty {
  return relyingPartyOf(passkeyOrigin(ctx, request));
}

/** What a challenge may be answered for. */
export type ChallengePurpose = "register" | "sign-in" | "factor";

function issueChallenge(
  ctx: IdentityContext,
  purpose: ChallengePurpose,
  identityId: string | null,
  challenge: string,
  extra: Record<string, unknown> = {},
): string {
  return issueToken(ctx, "webauthn", identityId, PASSKEY_CHALLENGE_TTL_MS, {
    purpose,
    challenge,
    ...extra,
  });
}

/**
 * Uses the challenge up (a second answer to it is refused, whatever the first one was).
 * @throws ApiError PASSKEY_CHALLENGE_INVALID when unknown, expired, used or for another purpose
 *   or identity.
 */
function takeChallenge(
  ctx: IdentityContext,
  challengeId: unknown,
  purpose: ChallengePurpose,
  identityId: string | null,
): { challenge: string; payload: Record<string, unknown> } {
  const row = takeToken(ctx, "webauthn", challengeId);
  if (
    row === null ||
    row.payload.purpose !== purpose ||
    row.identityId !== identityId ||
    typeof row.payload.challenge !== "string"
  ) {
    throw new ApiError("PASSKEY_CHALLENGE_INVALID");
  }
  return { challenge: row.payload.challenge, payload: row.payload };
}

/** A passkey's name: trimmed, 1 to 60 characters. */
export function readPasskeyName(value: unknown, fallback?: string): string {
  const name = typeof value === "string" ? value.trim() : "";
  if (name === "" && fallback !== undefined) return fallback;
  if (name === "" || name.length > MAX_PASSKEY_NAME_LENGTH) {
    throw validationError([
      violation("name", `must be 1 to ${MAX_PASSKEY_NAME_LENGTH} characters`, "FORMAT"),
    ]);
  }
  return name;
}

function toBase64Url(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString("base64url");
}

/** Registration options for a new passkey of `identity` (discoverable, user verification). */
export async function startRegistration(
  ctx: IdentityContext,
  rp: RelyingParty,
  identity: IdentityRow,
) {
  const existing = ctx.passkeys.ofIdentity(identity.id);
  if (existing.length >= MAX_PASSKEYS_PER_IDENTITY) {
    throw new ApiError("PASSKEY_LIMIT_REACHED", [MAX_PASSKEYS_PER_IDENTITY]);
  }
  const { generateRegistrationOptions } = await webAuthn();
  const options = await generateRegistrationOptions({
    rpName: SITE_NAME,
    rpID: rp.id,
    userName: identity.email,
    userID: new TextEncoder().encode(identity.id),
    attestationType: "none",
    excludeCredentials: existing.map((passkey) => ({
      id: passkey.credentialId,
      transports: passkey.transports,
    })),
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
    timeout: PASSKEY_CHALLENGE_TTL_MS,
  });
  const challengeId = issueChallenge(ctx, "register", identity.id, options.challenge);
  return { challengeId, options };
}

/**
 * Checks the browser's new credential and keeps it as a passkey named `name`.
 * @throws ApiError PASSKEY_CHALLENGE_INVALID, PASSKEY_NOT_ACCEPTED (another origin or relying
 *   party, no user verification, a bad attestation, a credential already stored),
 *   PASSKEY_LIMIT_REACHED, VALIDATION_FAILED (name).
 */
export async function finishRegistration(
  ctx: IdentityContext,
  rp: RelyingParty,
  identity: IdentityRow,
  input: { challengeId: unknown; credential: unknown; name: unknown },
): Promise<PasskeyRow> {
  const count = ctx.passkeys.countOf(identity.id);
  const name = readPasskeyName(input.name, `Passkey ${count + 1}`);
  const { challenge } = takeChallenge(ctx, input.challengeId, "register", identity.id);
  if (!isPlainObject(input.credential)) throw new ApiError("PASSKEY_NOT_ACCEPTED");
  const { verifyRegistrationResponse } = await webAuthn();
  let verified: VerifiedRegistrationResponse;
  try {
    verified = await verifyRegistrationResponse({
      response: input.credential as unknown as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
  } catch {
    throw new ApiError("PASSKEY_NOT_ACCEPTED");
  }
  if (!verified.verified) throw new ApiError("PASSKEY_NOT_ACCEPTED");
  if (ctx.passkeys.countOf(identity.id) >= MAX_PASSKEYS_PER_IDENTITY) {
    throw new ApiError("PASSKEY_LIMIT_REACHED", [MAX_PASSKEYS_PER_IDENTITY]);
  }
  const { credential } = verified.registrationInfo;
  // A longer id could be stored but never sign in (sign-in reads at most the longest allowed).
  if (Buffer.from(credential.id, "base64url").length > MAX_CREDENTIAL_ID_BYTES) {
    throw new ApiError("PASSKEY_NOT_ACCEPTED");
  }
  const passkey = {
    credentialId: credential.id,
    identityId: identity.id,
    name,
    publicKey: toBase64Url(credential.publicKey),
    counter: credential.counter,
    transports: (credential.transports ?? []).filter((t) => typeof t === "string"),
  };
  if (!ctx.passkeys.insert(passkey, ctx.now())) throw new ApiError("PASSKEY_NOT_ACCEPTED");
  return ctx.passkeys.byCredentialId(passkey.credentialId) as PasskeyRow;
}

/**
 * Options to sign in with a passkey: with no identity, any passkey the browser holds for this
 * site (discoverable, also for autofill); for a second-factor step, that identity's passkeys.
 */
export async function startAuthentication(
  ctx: IdentityContext,
  rp: RelyingParty,
  step: { purpose: "sign-in" } | { purpose: "factor"; identityId: string; stateHash: string },
) {
  const allowCredentials =
    step.purpose === "factor"
      ? ctx.passkeys.ofIdentity(step.identityId).map((passkey) => ({
          id: passkey.credentialId,
          transports: passkey.transports,
        }))
      : [];
  const { generateAuthenticationOptions } = await webAuthn();
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials,
    userVerification: "required",
    timeout: PASSKEY_CHALLENGE_TTL_MS,
  });
  const challengeId =
    step.purpose === "factor"
      ? issueChallenge(ctx, "factor", step.identityId, options.challenge, {
          stateHash: step.stateHash,
        })
      : issueChallenge(ctx, "sign-in", null, options.challenge);
  return { challengeId, options };
}

/**
 * Checks a passkey assertion and moves the passkey's counter forward.
 * @returns the identity the passkey belongs to (live: not blocked, not deleted).
 * @throws ApiError PASSKEY_CHALLENGE_INVALID, PASSKEY_NOT_ACCEPTED (unknown credential, another
 *   identity's for a second-factor step, another origin or relying party, a signature by another
 *   key, no user verification, a counter that did not move forward: a cloned authenticator).
 */
export async function finishAuthentication(
  ctx: IdentityContext,
  rp: RelyingParty,
  input: { challengeId: unknown; credential: unknown },
  step: { purpose: "sign-in" } | { purpose: "factor"; identityId: string; stateHash: string },
): Promise<IdentityRow> {
  const { challenge, payload } = takeChallenge(
    ctx,
    input.challengeId,
    step.purpose,
    step.purpose === "factor" ? step.identityId : null,
  );
  if (step.purpose === "factor" && payload.stateHash !== step.stateHash) {
    throw new ApiError("PASSKEY_CHALLENGE_INVALID");
  }
  const response = input.credential;
  const id = isPlainObject(response) ? response.id : undefined;
  const passkey =
    typeof id === "string" && id.length <= MAX_CREDENTIAL_ID_CHARS
      ? ctx.passkeys.byCredentialId(id)
      : null;
  if (passkey === null || (step.purpose === "factor" && passkey.identityId !== step.identityId)) {
    throw new ApiError("PASSKEY_NOT_ACCEPTED");
  }
  const { verifyAuthenticationResponse } = await webAuthn();
  let newCounter: number;
  try {
    const verified = await verifyAuthenticationResponse({
      response: response as unknown as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(Buffer.from(passkey.publicKey, "base64url")),
        counter: passkey.counter,
        transports: passkey.transports as never,
      },
      requireUserVerification: true,
    });
    if (!verified.verified) throw new Error("not verified");
    newCounter = verified.authenticationInfo.newCounter;
  } catch {
    throw new ApiError("PASSKEY_NOT_ACCEPTED");
  }
  if (!ctx.passkeys.recordUse(passkey.credentialId, newCounter, ctx.now())) {
    throw new ApiError("PASSKEY_NOT_ACCEPTED");
  }
  const identity = liveIdentity(ctx, passkey.identityId);
  if (identity === null) throw new ApiError("PASSKEY_NOT_ACCEPTED");
  return identity;
}

/** A passkey as its owner sees it. */
export function toWirePasskey(passkey: PasskeyRow): Passkey {
  return {
    id: passkey.credentialId,
    name: passkey.name,
    createdDate: new Date(passkey.createdAt).toISOString(),
    lastUsedDate: passkey.lastUsedAt === null ? null : new Date(passkey.lastUsedAt).toISOString(),
  };
}
