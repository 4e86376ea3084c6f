/**
 * @module What `npm run test:mutation` mutates, folder by folder, and the test files that may
 * kill each folder's mutants: the folder's own tests and the route tests that drive it. A target
 * is run alone (`npm run test:mutation -- limits`) so the slow run can be done a folder at a time.
 */
const S = "apps/store/src";

/**
 * A target with `postgres: true` runs code only PostgreSQL reaches (the key shared by nodes):
 * it needs STORE_TEST_DATABASE_URL, or its PostgreSQL tests skip and their mutants go unseen.
 * @type {Record<string, { label: string, mutate: string[], testFiles: string[], postgres?: boolean }>}
 */
export const TARGETS = {
  limits: {
    label: "limits/",
    mutate: [`${S}/limits/*.ts`, `!${S}/limits/*.test.ts`],
    testFiles: [
      `${S}/limits/*.test.ts`,
      `${S}/identity/attempt-limiter.test.ts`,
      `${S}/owner/sign-in-limiter.test.ts`,
      `${S}/owner/routes/session-routes.test.ts`,
      `${S}/owner/routes/setup-link.test.ts`,
      `${S}/routes/identity-attacks.test.ts`,
    ],
  },
  owner: {
    label: "the owner's guard, sessions and sign-in limiter",
    mutate: [
      `${S}/owner/owner-guard.ts`,
      `${S}/auth/owner-sessions.ts`,
      `${S}/owner/sign-in-limiter.ts`,
    ],
    testFiles: [
      `${S}/owner/*.test.ts`,
      `${S}/owner/routes/*.test.ts`,
      `${S}/auth/owner-access.test.ts`,
      `${S}/routes/author-permissions.test.ts`,
    ],
  },
  access: {
    label: "the access and share rules (auth/access-control.ts, auth/member-share.ts)",
    mutate: [`${S}/auth/access-control.ts`, `${S}/auth/member-share.ts`],
    testFiles: [
      `${S}/auth/access.test.ts`,
      `${S}/auth/access-attacks.test.ts`,
      `${S}/owner/routes/collaborator-routes.test.ts`,
      `${S}/routes/author-permissions.test.ts`,
      `${S}/routes/client-resources-share.test.ts`,
    ],
  },
  // auth/ but the three files the targets above measure, in two groups of a few minutes each.
  "auth-tokens": {
    label: "auth/: access tokens, their HS256 check and the signing keys",
    mutate: ["tokens", "verify-hs256", "signing-key", "store-signing-key"].map(
      (file) => `${S}/auth/${file}.ts`,
    ),
    postgres: true,
    testFiles: [
      `${S}/auth/tokens.test.ts`,
      `${S}/auth/token-claims.test.ts`,
      `${S}/auth/verify-hs256.test.ts`,
      `${S}/auth/signing-key.test.ts`,
      `${S}/auth/store-signing-key.test.ts`,
      `${S}/auth/caller.test.ts`,
      `${S}/routes/oauth.test.ts`,
      // A member's tokens: refresh rotation, the session id and generation they carry.
      `${S}/identity/refresh-rotation.test.ts`,
      `${S}/identity/session-ending.test.ts`,
      `${S}/routes/member-tokens.test.ts`,
      `${S}/routes/member-permission-level.test.ts`,
    ],
  },
  "auth-callers": {
    label: "auth/: who calls (tokens, API key, owner cookie), passwords, secrets, the key command",
    mutate: ["caller", "api-key", "owner-access", "cookies", "password", "secrets", "key-cli"].map(
      (file) => `${S}/auth/${file}.ts`,
    ),
    testFiles: [
      `${S}/auth/caller.test.ts`,
      `${S}/auth/cookies.test.ts`,
      `${S}/auth/secrets.test.ts`,
      `${S}/auth/api-key.test.ts`,
      `${S}/auth/owner-access.test.ts`,
      `${S}/auth/password.test.ts`,
      `${S}/auth/key-cli.test.ts`,
      // A collaborator's session: the editor mark and the owner-only routes' refusal.
      `${S}/owner/routes/collaborator-routes.test.ts`,
      `${S}/auth/access-attacks.test.ts`,
      `${S}/routes/member-tokens.test.ts`,
      `${S}/routes/member-permission-level.test.ts`,
      `${S}/owner/routes/session-routes.test.ts`,
      `${S}/owner/routes/setup-link.test.ts`,
    ],
  },
  items: {
    label: "items/ writer and the query's permission filter",
    mutate: [`${S}/items/item-writer.ts`, `${S}/items/query-call.ts`],
    testFiles: [
      `${S}/items/*.test.ts`,
      `${S}/routes/items*.test.ts`,
      `${S}/routes/visitor-query-fast-path.test.ts`,
      // Whether a visitor's query answer may be kept by a shared cache (the includes' rights).
      `${S}/http/cdn-cacheable.test.ts`,
      // A draft's data is checked as a write's is (checkItemData).
      `${S}/drafts/draft-validation.test.ts`,
      `${S}/routes/author-permissions.test.ts`,
      `${S}/routes/client-resources-share.test.ts`,
    ],
  },
  // identity/ in four groups by what the files do, so each group is a run of minutes.
  "identity-sign-in": {
    label: "identity/: sign-up, sign-in, second factor, codes, recovery, captcha, attempt limits",
    mutate: [
      ...[
        "login",
        "register",
        "sign-on",
        "second-factor",
        "verification",
        "recovery",
        "passwords",
        "next-step",
        "profile",
        "attempt-limiter",
        "mail-gate",
        "captcha",
        "totp",
      ].map((file) => `${S}/identity/${file}.ts`),
    ],
    testFiles: [
      `${S}/identity/attempt-limiter.test.ts`,
      `${S}/identity/attempt-limiter-keys.test.ts`,
      `${S}/identity/passwords-rules.test.ts`,
      `${S}/identity/captcha.test.ts`,
      `${S}/identity/captcha-tokens.test.ts`,
      `${S}/identity/reauthentication.test.ts`,
      `${S}/identity/sdk-members.test.ts`,
      `${S}/routes/identity-*.test.ts`,
      `${S}/routes/login-enumeration.test.ts`,
      `${S}/routes/second-factor-flood.test.ts`,
      `${S}/routes/password-check-flood.test.ts`,
      `${S}/routes/mail-flood.test.ts`,
      `${S}/routes/member-*-pages.test.ts`,
      `${S}/routes/passkeys.test.ts`,
    ],
  },
  "identity-redirects": {
    label: "identity/: redirect addresses, authorization codes (PKCE), grants, request origin",
    mutate: [
      ...["redirect-uris", "redirect-check", "authorization-codes", "request-origin"].map(
        (file) => `${S}/identity/${file}.ts`,
      ),
      `${S}/identity/grants/*.ts`,
    ],
    testFiles: [
      `${S}/identity/redirect-uris.test.ts`,
      `${S}/identity/redirect-uri-edges.test.ts`,
      `${S}/identity/authorization-codes.test.ts`,
      `${S}/identity/request-origin.test.ts`,
      `${S}/routes/oauth-code-attacks.test.ts`,
      `${S}/routes/authorized-client-attacks.test.ts`,
      `${S}/identity/refresh-rotation.test.ts`,
      `${S}/routes/oauth.test.ts`,
      `${S}/routes/web-message-origin.test.ts`,
      `${S}/routes/link-poisoning.test.ts`,
      `${S}/routes/member-tokens.test.ts`,
      `${S}/routes/member-permission-level.test.ts`,
      `${S}/routes/member-*-pages.test.ts`,
      `${S}/routes/identity-attacks.test.ts`,
    ],
  },
  "identity-redirect-sessions": {
    label: "identity/: redirect sessions and the member pages' sessions",
    mutate: [`${S}/identity/redirect-sessions.ts`, `${S}/identity/page-sessions.ts`],
    testFiles: [
      // Page sign-out, sign out everywhere, re-proving on the same page session.
      `${S}/identity/session-ending.test.ts`,
      `${S}/identity/reauthentication.test.ts`,
      // A shared browser, kept and legacy cookies, the reasons sessions end with.
      `${S}/identity/page-session-abuse.test.ts`,
      // Redirect-session bodies of every wrong shape, each with its catalogue code.
      `${S}/routes/redirect-session-checks.test.ts`,
      `${S}/routes/redirect-session-intents.test.ts`,
      `${S}/routes/identity-hostile-input.test.ts`,
      `${S}/routes/oauth.test.ts`,
      `${S}/routes/web-message-origin.test.ts`,
      `${S}/routes/link-poisoning.test.ts`,
      `${S}/routes/member-tokens.test.ts`,
      `${S}/routes/member-permission-level.test.ts`,
      `${S}/routes/member-*-pages.test.ts`,
      `${S}/routes/identity-attacks.test.ts`,
    ],
  },
  "identity-sessions": {
    label: "identity/: sessions, staff sign-in and recovery, member admin, the members command",
    mutate: [
      ...[
        "sessions",
        "session-liveness",
        "secret-box",
        "staff-sign-in",
        "staff-recovery",
        "member-admin",
        "members-cli",
      ].map((file) => `${S}/identity/${file}.ts`),
    ],
    // Sessions ended on one node are refused on the other: only PostgreSQL's notices show it.
    postgres: true,
    testFiles: [
      `${S}/identity/session-ending.test.ts`,
      `${S}/identity/session-list.test.ts`,
      `${S}/identity/session-records.test.ts`,
      `${S}/identity/secret-box.test.ts`,
      `${S}/identity/member-admin.test.ts`,
      `${S}/identity/recent-sign-in.test.ts`,
      `${S}/identity/page-session-abuse.test.ts`,
      `${S}/identity/reauthentication.test.ts`,
      `${S}/identity/refresh-rotation.test.ts`,
      `${S}/identity/members-cli.test.ts`,
      `${S}/identity/members-cli-outbox.test.ts`,
      `${S}/identity/sdk-members.test.ts`,
      `${S}/owner/owner-identity.test.ts`,
      `${S}/owner/owner-cli.test.ts`,
      // The staff's sign-in, passkeys, invitations and resets.
      `${S}/owner/routes/*.test.ts`,
      `${S}/routes/identity-*.test.ts`,
      `${S}/routes/account-*.test.ts`,
      `${S}/routes/member-tokens.test.ts`,
      `${S}/routes/member-permission-level.test.ts`,
      `${S}/cluster/two-nodes.test.ts`,
      `${S}/cluster/security-page-two-nodes.test.ts`,
      // In this process (the two above start processes, whose code the run cannot see).
      `${S}/cluster/session-liveness-two-nodes.test.ts`,
    ],
  },
  // What every identity test runs through (the service's wiring, its config, the mailer): each
  // mutant here is reached by nearly every test, so this group is slow; run it on its own.
  "identity-wiring": {
    label:
      "identity/: the service's wiring, its config from the environment, the mailer, the wire view",
    mutate: [
      "identity-context",
      "identity-service",
      "identity-view",
      "identity-config",
      "mailer",
    ].map((file) => `${S}/identity/${file}.ts`),
    // Not the whole identity suite: each mutant here is reached by every identity test. These
    // read what the files make: the config, the wire forms, the mailer, each attempt limit.
    testFiles: [
      `${S}/identity/identity-config.test.ts`,
      `${S}/identity/identity-view.test.ts`,
      `${S}/identity/mailer.test.ts`,
      `${S}/identity/sdk-members.test.ts`,
      `${S}/identity/request-origin.test.ts`,
      `${S}/routes/identity-attacks.test.ts`,
      `${S}/routes/identity-register-checks.test.ts`,
      `${S}/routes/identity-login-checks.test.ts`,
      `${S}/routes/identity-recovery-mails.test.ts`,
      `${S}/routes/mail-flood.test.ts`,
      `${S}/routes/second-factor-flood.test.ts`,
      `${S}/routes/password-check-flood.test.ts`,
      `${S}/routes/sign-in-address-limit.test.ts`,
      `${S}/routes/identity-throttle-answer.test.ts`,
      `${S}/routes/identity-token-shapes.test.ts`,
      `${S}/routes/identity-email-shapes.test.ts`,
      `${S}/routes/identity-mail-down.test.ts`,
      `${S}/owner/routes/staff-account.test.ts`,
      `${S}/owner/routes/approval-mail*.test.ts`,
    ],
  },
  "identity-accounts": {
    label:
      "identity/: a member's data and sessions, sign-in history, breached passwords, approval mails",
    mutate: [
      "member-data",
      "session-list",
      "sign-in-history",
      "breached-passwords",
      "approval-mails",
    ].map((file) => `${S}/identity/${file}.ts`),
    // Only the tests that read what these files make: each of their mutants is reached by every
    // sign-up and sign-in, so the whole identity suite would make this a run of hours.
    testFiles: [
      `${S}/identity/breached-passwords.test.ts`,
      `${S}/identity/password-screen.test.ts`,
      `${S}/identity/members-cli.test.ts`,
      `${S}/identity/session-list.test.ts`,
      `${S}/identity/sign-in-history.test.ts`,
      // The security page's sessions as the other session tests end and replay them.
      `${S}/identity/session-ending.test.ts`,
      `${S}/identity/page-session-abuse.test.ts`,
      `${S}/routes/account-*.test.ts`,
      // The export's and the deletion's files.
      `${S}/routes/file-uploads.test.ts`,
      `${S}/routes/file-shares.test.ts`,
      `${S}/routes/passkeys.test.ts`,
      // Common passwords at sign-up, failed sign-ins in the history, approval mails.
      `${S}/routes/identity-register-checks.test.ts`,
      `${S}/routes/identity-login-checks.test.ts`,
      `${S}/routes/identity-second-factor-steps.test.ts`,
      `${S}/routes/identity-verification-step.test.ts`,
      `${S}/owner/routes/approval-mail*.test.ts`,
      `${S}/owner/routes/security-routes.test.ts`,
      `${S}/owner/routes/session-routes.test.ts`,
      `${S}/owner/routes/member-routes.test.ts`,
      `${S}/owner/routes/staff-account.test.ts`,
    ],
  },
  "identity-passkeys": {
    label: "identity/: passkeys (the WebAuthn ceremony, passkey sign-in)",
    mutate: ["passkey-ceremony", "passkey-sign-in"].map((file) => `${S}/identity/${file}.ts`),
    testFiles: [
      `${S}/routes/passkeys.test.ts`,
      `${S}/routes/passkey-ceremony-abuse.test.ts`,
      `${S}/routes/passkey-names-and-limits.test.ts`,
      `${S}/routes/passkey-sign-in-steps.test.ts`,
      `${S}/routes/identity-second-factor-steps.test.ts`,
      `${S}/owner/routes/passkey-sign-in.test.ts`,
      `${S}/owner/routes/staff-account.test.ts`,
      `${S}/owner/routes/session-routes.test.ts`,
    ],
  },
  "identity-pages": {
    label: "identity/pages/: the member pages' HTML, form tokens and assets",
    mutate: [`${S}/identity/pages/*.ts`, `!${S}/identity/pages/*.test.ts`],
    testFiles: [
      `${S}/identity/pages/*.test.ts`,
      `${S}/routes/member-*-pages.test.ts`,
      `${S}/routes/member-*-page-words.test.ts`,
      `${S}/routes/member-pages-frame.test.ts`,
      `${S}/routes/identity-hostile-input.test.ts`,
      `${S}/routes/web-message-origin.test.ts`,
    ],
  },
};
