/**
 * @module Breached and common passwords, refused as new passwords: always against
 * the bundled list of the most common passwords, and, when `BREACHED_PASSWORDS_URL` is set,
 * against an HIBP-compatible range service by k-anonymity: only the first 5 hex characters of
 * the password's SHA-1 leave the server (`GET <url>/range/<prefix>` answers `SUFFIX:COUNT`
 * lines). The service failing or slow lets the password through (fail open) with a log line:
 * an outage must not stop sign-ups.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import type { FastifyBaseLogger } from "fastify";
import { ApiError } from "../platform/errors.ts";
import { COMMON_PASSWORDS_FILE } from "../platform/store-paths.ts";

const RANGE_TIMEOUT_MS = 2_000;
const MAX_RANGE_BYTES = 2_000_000;

export type PasswordScreen = {
  /**
   * @throws ApiError PASSWORD_TOO_COMMON (bundled list) or PASSWORD_BREACHED (range service).
   */
  check(password: string): Promise<void>;
};

let common: Set<string> | null = null;

/** The bundled list, read once (comment lines start with `#`). */
function commonPasswords(): Set<string> {
  common ??= new Set(
    readFileSync(COMMON_PASSWORDS_FILE, "utf8")
      .split("\n")
      .filter((line) => line !== "" && !line.startsWith("#")),
  );
  return common;
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}

/** How often the range body lists `suffix` (upper-case hex), 0 when not at all. */
export function countInRange(body: string, suffix: string): number {
  for (const line of body.split("\n")) {
    const [hash, count] = line.trim().split(":");
    if (hash?.toUpperCase() === suffix) return Number(count) || 1;
  }
  return 0;
}

async function fetchRange(url: string, prefix: string): Promise<string> {
  const response = await fetch(`${url}/range/${prefix}`, {
    signal: AbortSignal.timeout(RANGE_TIMEOUT_MS),
    headers: { "add-padding": "true" },
  });
  if (!response.ok) throw new Error(`range service answered ${response.status}`);
  const body = await response.text();
  if (body.length > MAX_RANGE_BYTES) throw new Error("range service answer too large");
  return body;
}

export function createPasswordScreen(options: {
  rangeUrl: string | null;
  log: Pick<FastifyBaseLogger, "warn">;
}): PasswordScreen {
  return {
    async check(password) {
      if (isCommonPassword(password)) {
        throw new ApiError("PASSWORD_TOO_COMMON", [], { data: { reason: "common" } });
      }
      if (options.rangeUrl === null) return;
      const sha1 = createHash("sha1").update(password, "utf8").digest("hex").toUpperCase();
      let count = 0;
      try {
        count = countInRange(await fetchRange(options.rangeUrl, sha1.slice(0, 5)), sha1.slice(5));
      } catch (error) {
        options.log.warn(
          { err: error },
          "breached-password check unavailable; the password was allowed",
        );
        return;
      }
      if (count > 0) {
        throw new ApiError("PASSWORD_BREACHED", [], { data: { reason: "breached", count } });
      }
    },
  };
}
