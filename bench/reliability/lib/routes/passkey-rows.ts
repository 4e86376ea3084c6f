/**
 * @module Passkeys in the route table: a member's own passkeys; the editor's, for the
 * owner's or a collaborator's session; the sign-in calls, public by design. Adding, renaming and
 * removing need a browser's WebAuthn answer, a recent sign-in or a passkey of the caller, so in
 * the matrix they only prove that strangers are refused and nothing changes (`exampleFails`);
 * their success is left to their own tests (store/routes/passkeys.test.ts).
 */
import type { RouteRow } from "./route-row.ts";

// A challenge is a row of identity_tokens until it is answered or expires.
const TOKENS = "identity_tokens";
const AUTH = "/_api/iam/authentication/v2/webauthn";
// A second member lists and changes their own passkeys only.
const MEMBER_OWN = { kind: "callers", names: ["member"], own: ["other member"] } as const;
const OWN = "/_api/iam/passkeys/v1";
const FAKE_CREDENTIAL = {
  id: "AAAA",
  rawId: "AAAA",
  type: "public-key",
  response: { clientDataJSON: "e30", authenticatorData: "AAAA", signature: "AAAA" },
  clientExtensionResults: {},
};

export const PASSKEY_MATRIX_ROWS: RouteRow[] = [
  {
    name: "member: passkeys list",
    method: "GET",
    pattern: `${OWN}/passkeys`,
    access: MEMBER_OWN,
    example: () => ({ url: `${OWN}/passkeys` }),
  },
  {
    name: "editor passkeys list",
    method: "GET",
    pattern: "/admin/api/account/passkeys",
    access: { kind: "staff" },
    example: () => ({ url: "/admin/api/account/passkeys" }),
  },
];

export const PASSKEY_SESSION_ROWS: RouteRow[] = [
  {
    name: "passkey sign-in options",
    method: "POST",
    pattern: `${AUTH}/options`,
    access: { kind: "stateful" },
    example: () => ({ url: `${AUTH}/options`, body: {} }),
    mayWrite: [TOKENS, "rate_limits"],
  },
  {
    name: "passkey sign-in",
    method: "POST",
    pattern: `${AUTH}/login`,
    access: { kind: "stateful" },
    example: () => ({
      url: `${AUTH}/login`,
      body: { challengeId: "x", credential: FAKE_CREDENTIAL },
    }),
    mayWrite: [TOKENS, "rate_limits"],
  },
  {
    name: "member: passkey registration options",
    method: "POST",
    pattern: `${OWN}/registration-options`,
    access: MEMBER_OWN,
    example: () => ({ url: `${OWN}/registration-options`, body: {} }),
    mayWrite: [TOKENS],
  },
  {
    name: "member: passkey add",
    method: "POST",
    pattern: `${OWN}/passkeys`,
    access: MEMBER_OWN,
    example: () => ({ url: `${OWN}/passkeys`, body: { challengeId: "x", credential: {} } }),
    exampleFails: true,
    mayWrite: [TOKENS],
  },
  {
    name: "member: passkey rename",
    method: "PATCH",
    pattern: `${OWN}/passkeys/:passkeyId`,
    access: MEMBER_OWN,
    example: () => ({ url: `${OWN}/passkeys/AAAA`, body: { name: "Phone" } }),
    exampleFails: true,
  },
  {
    name: "member: passkey remove",
    method: "DELETE",
    pattern: `${OWN}/passkeys/:passkeyId`,
    access: MEMBER_OWN,
    example: () => ({ url: `${OWN}/passkeys/AAAA` }),
    exampleFails: true,
  },
  {
    name: "editor passkey sign-in options",
    method: "POST",
    pattern: "/admin/api/sign-in/passkey/options",
    access: { kind: "stateful" },
    example: () => ({ url: "/admin/api/sign-in/passkey/options", body: {} }),
    mayWrite: [TOKENS, "rate_limits"],
  },
  {
    name: "editor passkey sign-in",
    method: "POST",
    pattern: "/admin/api/sign-in/passkey",
    access: { kind: "stateful" },
    example: () => ({
      url: "/admin/api/sign-in/passkey",
      body: { challengeId: "x", credential: FAKE_CREDENTIAL },
    }),
    mayWrite: [TOKENS, "rate_limits"],
  },
  {
    name: "editor passkey registration options",
    method: "POST",
    pattern: "/admin/api/account/passkeys/options",
    access: { kind: "staff" },
    example: () => ({ url: "/admin/api/account/passkeys/options", body: {} }),
  },
  {
    name: "editor passkey add",
    method: "POST",
    pattern: "/admin/api/account/passkeys",
    access: { kind: "staff" },
    example: () => ({
      url: "/admin/api/account/passkeys",
      body: { challengeId: "x", credential: {} },
    }),
    exampleFails: true,
  },
  {
    name: "editor passkey rename",
    method: "PATCH",
    pattern: "/admin/api/account/passkeys/:passkeyId",
    access: { kind: "staff" },
    example: () => ({ url: "/admin/api/account/passkeys/AAAA", body: { name: "Desk" } }),
    exampleFails: true,
  },
  {
    name: "editor passkey remove",
    method: "DELETE",
    pattern: "/admin/api/account/passkeys/:passkeyId",
    access: { kind: "staff" },
    example: () => ({ url: "/admin/api/account/passkeys/AAAA" }),
    exampleFails: true,
  },
];
