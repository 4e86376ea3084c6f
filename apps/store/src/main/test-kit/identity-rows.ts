/**
 * An identity row as the unit tests insert it straight into the store: active, verified, without
 * a password or a profile, a member unless `more` says otherwise.
 */
import type { NewIdentity } from "../../identity/storage/identity-store.ts";

export const identityRow = (
  id: string,
  email: string,
  more: Partial<NewIdentity> = {},
): NewIdentity => ({
  id,
  email,
  emailVerified: true,
  passwordHash: null,
  status: "ACTIVE",
  reasons: [],
  profile: {},
  now: 0,
  ...more,
});
