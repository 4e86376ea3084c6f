/** @module The IdentityProfile a member may send (docs/protocol.md §8.1): known fields, bounded. */
import { type FieldViolation, violation } from "../platform/errors.ts";
import { isPlainObject } from "../platform/query/values.ts";

const TEXT_FIELDS = [
  "firstName",
  "lastName",
  "nickname",
  "picture",
  "language",
  "company",
  "position",
  "birthdate",
  "slug",
  "vatId",
] as const;
const LIST_FIELDS = ["labels", "customFields", "secondaryEmails", "phonesV2", "addresses"] as const;
const PRIVACY = new Set(["UNDEFINED", "PUBLIC", "PRIVATE"]);
const MAX_TEXT = 1000;
const MAX_PROFILE_BYTES = 16_384;

/** The profile to store, or the violations that refuse it (each with a `data` object). */
export function readProfile(
  value: unknown,
  field = "profile",
): { profile: Record<string, unknown> } | { violations: FieldViolation[] } {
  if (value === undefined || value === null) return { profile: {} };
  if (!isPlainObject(value)) {
    return { violations: [violation(field, "must be an object", "FORMAT", { type: "PROFILE" })] };
  }
  const profile: Record<string, unknown> = {};
  const violations: FieldViolation[] = [];
  for (const name of TEXT_FIELDS) {
    const text = value[name];
    if (text === undefined || text === null) continue;
    if (typeof text !== "string" || text.length > MAX_TEXT) {
      violations.push(
        violation(`${field}.${name}`, `must be text of at most ${MAX_TEXT} characters`, "FORMAT", {
          type: "PROFILE",
        }),
      );
    } else profile[name] = text;
  }
  for (const name of LIST_FIELDS) {
    const list = value[name];
    if (list === undefined || list === null) continue;
    if (!Array.isArray(list)) {
      violations.push(
        violation(`${field}.${name}`, "must be a list", "FORMAT", { type: "PROFILE" }),
      );
    } else profile[name] = list;
  }
  if (value.privacyStatus !== undefined && value.privacyStatus !== null) {
    if (typeof value.privacyStatus === "string" && PRIVACY.has(value.privacyStatus)) {
      profile.privacyStatus = value.privacyStatus;
    } else {
      violations.push(
        violation(
          `${field}.privacyStatus`,
          "must be UNDEFINED, PUBLIC or PRIVATE",
          "INVALID_ENUM_VALUE",
          {
            type: "PROFILE",
          },
        ),
      );
    }
  }
  if (JSON.stringify(profile).length > MAX_PROFILE_BYTES) {
    violations.push(
      violation(field, `must be at most ${MAX_PROFILE_BYTES} bytes`, "MAX_SIZE", {
        type: "PROFILE",
      }),
    );
  }
  return violations.length > 0 ? { violations } : { profile };
}
