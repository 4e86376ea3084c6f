/**
 * @module TOTP second factor (RFC 6238, `otpauth`): enrolment with a QR code and the manual
 * key, confirmation, one-time recovery codes, and checking a code once per time step (a code
 * seen once is refused after, so a watched code cannot be replayed).
 */
import { randomBytes } from "node:crypto";
import type * as OTPAuth from "otpauth";
import { requireOnFirstUse } from "../platform/load-on-first-use.ts";
import { openSecret, sealSecret } from "../platform/secrets/secret-box.ts";
import { TTL } from "./identity-config.ts";
import {
  codeDigest,
  type IdentityContext,
  issueToken,
  peekToken,
  takeToken,
} from "./identity-context.ts";

const ISSUER = "Members";
/** Recovery codes are kept as keyed digests: 40 random bits would not resist a plain hash. */
const RECOVERY_CODE_LABEL = "recovery-code";
const SECRET_PURPOSE = "totp";

/** The TOTP key as stored (sealed), from its base32 form, and back. */
function seal(ctx: IdentityContext, base32: string): string {
  return sealSecret(ctx.key, SECRET_PURPOSE, base32);
}
function unseal(ctx: IdentityContext, sealed: unknown): string | null {
  return typeof sealed === "string" ? openSecret(ctx.key, SECRET_PURPOSE, sealed) : null;
}
const PERIOD_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;

/** The enrolment QR code; qrcode is loaded with the first enrolment, not at start. */
async function qrCodeSvg(otpauthUri: string): Promise<string> {
  const { default: QRCode } = await import("qrcode");
  return QRCode.toString(otpauthUri, { type: "svg", margin: 2 });
}

/** Loaded with the first second-factor call, not at start (docs/benchmarks.md, idle memory). */
const otpauth = requireOnFirstUse<typeof OTPAuth>("otpauth");

function totpFor(secret: string, label: string): OTPAuth.TOTP {
  const { Secret, TOTP } = otpauth();
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: "SHA1",
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

export type Enrolment = {
  /** Names the pending enrolment in the confirmation form. */
  enrolmentToken: string;
  /** Base32 key to type into an authenticator app. */
  manualKey: string;
  otpauthUri: string;
  /** The QR code of `otpauthUri` as an SVG document. */
  qrSvg: string;
};

/**
 * Starts an enrolment: a new secret, kept aside until a code from it is confirmed. Who may
 * start one is factor-change.ts's rule; `binding` is kept with it for that rule.
 */
export async function startTotpEnrolment(
  ctx: IdentityContext,
  identity: { id: string; email: string },
  binding: Record<string, unknown> = {},
): Promise<Enrolment> {
  const secret = new (otpauth().Secret)({ size: 20 }).base32;
  const totp = totpFor(secret, identity.email);
  const otpauthUri = totp.toString();
  const enrolmentToken = issueToken(ctx, "totp_enrolment", identity.id, TTL.totpEnrolment, {
    ...binding,
    secret: seal(ctx, secret),
  });
  const qrSvg = await qrCodeSvg(otpauthUri);
  return { enrolmentToken, manualKey: secret, otpauthUri, qrSvg };
}

/** The time step a code belongs to (current step ±1), or null when it is not valid now. */
function matchingStep(secret: string, code: string, nowMs: number): number | null {
  const totp = totpFor(secret, "");
  const delta = totp.validate({ token: code, timestamp: nowMs, window: 1 });
  if (delta === null) return null;
  return Math.floor(nowMs / 1000 / PERIOD_SECONDS) + delta;
}

function readCode(code: unknown): string {
  return typeof code === "string" ? code.replace(/\s+/g, "").slice(0, 16) : "";
}

/** Fresh recovery codes (shown once), stored as hashes; the old ones stop working. */
function newRecoveryCodes(ctx: IdentityContext, identityId: string): string[] {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const hex = randomBytes(5).toString("hex");
    return `${hex.slice(0, 5)}-${hex.slice(5)}`;
  });
  ctx.store.replaceRecoveryCodes(
    identityId,
    codes.map((code) => codeDigest(ctx, RECOVERY_CODE_LABEL, code)),
  );
  return codes;
}

/**
 * Confirms an enrolment with a code from the new secret; turns TOTP on.
 * @returns the recovery codes, or null when the enrolment or the code is not right.
 */
export function confirmTotpEnrolment(
  ctx: IdentityContext,
  identityId: string,
  enrolmentToken: unknown,
  code: unknown,
): string[] | null {
  const row = peekToken(ctx, "totp_enrolment", enrolmentToken);
  const secret = row === null ? null : unseal(ctx, row.payload.secret);
  if (row === null || row.identityId !== identityId || secret === null) return null;
  const step = matchingStep(secret, readCode(code), ctx.now());
  if (step === null) return null;
  if (takeToken(ctx, "totp_enrolment", enrolmentToken) === null) return null;
  ctx.store.setTotp(identityId, seal(ctx, secret), ctx.now());
  ctx.store.useTotpStep(identityId, step);
  return newRecoveryCodes(ctx, identityId);
}

/** Turns TOTP off, with the recovery codes and remembered devices (factor-change.ts decides who may). */
export function turnTotpOff(ctx: IdentityContext, identityId: string): void {
  ctx.store.setTotp(identityId, null, ctx.now());
  ctx.store.dropTokensOf(identityId, "device");
}

/** True when `code` is the identity's current TOTP code, not used before. */
export function checkTotpCode(
  ctx: IdentityContext,
  identity: { id: string; totpSecret: string | null },
  code: unknown,
): boolean {
  const secret = unseal(ctx, identity.totpSecret);
  if (secret === null) return false;
  const step = matchingStep(secret, readCode(code), ctx.now());
  return step !== null && ctx.store.useTotpStep(identity.id, step);
}

/** True when `code` is one of the identity's unused recovery codes (which it uses up). */
export function useRecoveryCode(ctx: IdentityContext, identityId: string, code: unknown): boolean {
  const text = typeof code === "string" ? code.trim().toLowerCase().slice(0, 32) : "";
  return (
    text !== "" &&
    ctx.store.takeRecoveryCode(identityId, codeDigest(ctx, RECOVERY_CODE_LABEL, text))
  );
}

/** The pending enrolment again (to show it after a wrong code), or null when it is gone. */
export async function pendingEnrolment(
  ctx: IdentityContext,
  identity: { id: string; email: string },
  enrolmentToken: unknown,
): Promise<Enrolment | null> {
  const row = peekToken(ctx, "totp_enrolment", enrolmentToken);
  const secret = row === null ? null : unseal(ctx, row.payload.secret);
  if (row === null || row.identityId !== identity.id || secret === null) return null;
  const otpauthUri = totpFor(secret, identity.email).toString();
  return {
    enrolmentToken: enrolmentToken as string,
    manualKey: secret,
    otpauthUri,
    qrSvg: await qrCodeSvg(otpauthUri),
  };
}
