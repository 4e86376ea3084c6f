/**
 * @module What `npm run test:mutation` mutates, a group of files at a time, and the test files
 * that may kill each group's mutants: the files' own tests and the route tests that drive them. A
 * target is run alone (`npm run test:mutation -- limits`) so the slow run can be done in parts.
 */
const S = "apps/store/src";

/**
 * A target with `postgres: true` runs code only PostgreSQL reaches (the key shared by nodes):
 * it needs STORE_TEST_DATABASE_URL, or its PostgreSQL tests skip and their mutants go unseen.
 * @type {Record<string, { label: string, mutate: string[], testFiles: string[], postgres?: boolean }>}
 */
export const TARGETS = {
  limits: {
    label:
      "platform/limits/: attempt counter, client key, connection cap, semaphore, password-check gate",
    // Not the attempt limiter beside them: identity-sign-in measures it.
    mutate: [
      "attempt-counter",
      "client-key",
      "connection-cap",
      "semaphore",
      "password-check-gate",
    ].map((file) => `${S}/platform/limits/${file}.ts`),
    testFiles: [
      ...[
        "attempt-counter",
        "client-key",
        "connection-cap",
        "semaphore",
        "password-check-gate",
      ].map((file) => `${S}/platform/limits/${file}.test.ts`),
      `${S}/identity/routes/password-check-flood.test.ts`,
      `${S}/identity/routes/sign-in-lockout.test.ts`,
      `${S}/owner/routes/sign-in-lockout.test.ts`,
      `${S}/platform/limits/connection-cap-release.test.ts`,
      `${S}/platform/limits/attempt-limiter.test.ts`,
      `${S}/owner/sign-in-limiter.test.ts`,
      `${S}/owner/routes/session-routes.test.ts`,
      `${S}/owner/routes/setup-link.test.ts`,
      `${S}/identity/routes/identity-attacks.test.ts`,
    ],
  },
  owner: {
    label: "the owner's body checks (platform/http/body-object.ts), sessions and sign-in limiter",
    mutate: [
      `${S}/platform/http/body-object.ts`,
      `${S}/identity/owner-sessions.ts`,
      `${S}/owner/sign-in-limiter.ts`,
    ],
    testFiles: [
      `${S}/owner/*.test.ts`,
      `${S}/main/commands/owner-cli.test.ts`,
      `${S}/owner/routes/*.test.ts`,
      `${S}/identity/owner-access.test.ts`,
      `${S}/data/routes/author-permissions.test.ts`,
    ],
  },
  access: {
    label:
      "the access and share rules (data/access/access-control.ts, data/access/member-share.ts)",
    mutate: [`${S}/data/access/access-control.ts`, `${S}/data/access/member-share.ts`],
    testFiles: [
      `${S}/data/access/access.test.ts`,
      `${S}/data/access/access-attacks.test.ts`,
      `${S}/owner/routes/collaborator-routes.test.ts`,
      `${S}/data/routes/author-permissions.test.ts`,
      `${S}/files/client-resources-share.test.ts`,
    ],
  },
  // The other credential primitives (tokens, signing keys, who calls, passwords, secrets), in two
  // groups of a few minutes each.
  "auth-tokens": {
    label: "access tokens and their HS256 check (identity/), the signing keys (platform/secrets/)",
    mutate: [
      `${S}/identity/tokens.ts`,
      `${S}/identity/verify-hs256.ts`,
      `${S}/platform/secrets/signing-key.ts`,
      `${S}/platform/secrets/store-signing-key.ts`,
    ],
    postgres: true,
    testFiles: [
      `${S}/identity/tokens.test.ts`,
      `${S}/identity/token-claims.test.ts`,
      `${S}/identity/verify-hs256.test.ts`,
      `${S}/platform/secrets/signing-key.test.ts`,
      `${S}/platform/secrets/store-signing-key.test.ts`,
      `${S}/platform/http/caller.test.ts`,
      `${S}/identity/routes/oauth.test.ts`,
      // A member's tokens: refresh rotation, the session id and generation they carry.
      `${S}/identity/refresh-rotation.test.ts`,
      `${S}/identity/session-ending.test.ts`,
      `${S}/identity/routes/member-tokens.test.ts`,
      `${S}/data/routes/member-permission-level.test.ts`,
    ],
  },
  "auth-callers": {
    label: "who calls (tokens, API key, owner cookie), passwords, secrets, the key command",
    mutate: [
      `${S}/platform/http/caller.ts`,
      `${S}/data/access/api-key.ts`,
      `${S}/identity/owner-access.ts`,
      `${S}/platform/http/cookies.ts`,
      `${S}/identity/password.ts`,
      `${S}/platform/secrets/secrets.ts`,
      `${S}/main/commands/key-cli.ts`,
    ],
    testFiles: [
      `${S}/platform/http/caller.test.ts`,
      `${S}/platform/http/cookies.test.ts`,
      `${S}/platform/secrets/secrets.test.ts`,
      `${S}/data/access/api-key.test.ts`,
      `${S}/identity/owner-access.test.ts`,
      `${S}/identity/password.test.ts`,
      `${S}/main/commands/key-cli.test.ts`,
      // A collaborator's session: the editor mark and the owner-only routes' refusal.
      `${S}/owner/routes/collaborator-routes.test.ts`,
      `${S}/data/access/access-attacks.test.ts`,
      `${S}/identity/routes/member-tokens.test.ts`,
      `${S}/data/routes/member-permission-level.test.ts`,
      `${S}/owner/routes/session-routes.test.ts`,
      `${S}/owner/routes/setup-link.test.ts`,
    ],
  },
  items: {
    label: "data/items/ writer and the query's permission filter",
    mutate: [`${S}/data/items/item-writer.ts`, `${S}/data/items/query-call.ts`],
    testFiles: [
      `${S}/data/items/*.test.ts`,
      `${S}/data/routes/items*.test.ts`,
      `${S}/data/routes/visitor-query-fast-path.test.ts`,
      // Whether a visitor's query answer may be kept by a shared cache (the includes' rights).
      `${S}/platform/http/cdn-cacheable.test.ts`,
      // A draft's data is checked as a write's is (checkItemData).
      `${S}/owner/drafts/draft-validation.test.ts`,
      `${S}/data/routes/author-permissions.test.ts`,
      `${S}/files/client-resources-share.test.ts`,
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
        "mail-gate",
        "captcha",
        "totp",
        "device-trust",
        "factor-change",
      ].map((file) => `${S}/identity/${file}.ts`),
      `${S}/platform/limits/attempt-limiter.ts`,
    ],
    testFiles: [
      `${S}/platform/limits/attempt-limiter.test.ts`,
      `${S}/platform/limits/attempt-limiter-keys.test.ts`,
      `${S}/identity/passwords-rules.test.ts`,
      `${S}/identity/captcha.test.ts`,
      `${S}/identity/captcha-tokens.test.ts`,
      `${S}/identity/reauthentication.test.ts`,
      `${S}/identity/sdk-members.test.ts`,
      `${S}/identity/routes/identity-*.test.ts`,
      `${S}/identity/routes/login-enumeration.test.ts`,
      `${S}/identity/routes/second-factor-flood.test.ts`,
      `${S}/identity/routes/password-check-flood.test.ts`,
      `${S}/identity/routes/sign-in-lockout.test.ts`,
      `${S}/owner/routes/sign-in-lockout.test.ts`,
      `${S}/identity/routes/mail-flood.test.ts`,
      `${S}/identity/pages/member-*-pages.test.ts`,
      `${S}/identity/routes/passkeys.test.ts`,
      `${S}/identity/second-factor-swap-with-borrowed-session.test.ts`,
    ],
  },
  "identity-redirects": {
    label: "identity/: redirect addresses, authorization codes (PKCE), grants, request origin",
    mutate: [
      ...["redirect-uris", "redirect-check", "authorization-codes"].map(
        (file) => `${S}/identity/${file}.ts`,
      ),
      `${S}/platform/http/request-origin.ts`,
      `${S}/identity/grants/*.ts`,
    ],
    testFiles: [
      `${S}/identity/redirect-uris.test.ts`,
      `${S}/identity/redirect-uri-edges.test.ts`,
      `${S}/identity/authorization-codes.test.ts`,
      `${S}/platform/http/request-origin.test.ts`,
      `${S}/identity/routes/oauth-code-attacks.test.ts`,
      `${S}/identity/routes/authorized-client-attacks.test.ts`,
      `${S}/identity/refresh-rotation.test.ts`,
      `${S}/identity/routes/oauth.test.ts`,
      `${S}/identity/routes/web-message-origin.test.ts`,
      `${S}/identity/routes/link-poisoning.test.ts`,
      `${S}/identity/routes/member-tokens.test.ts`,
      `${S}/data/routes/member-permission-level.test.ts`,
      `${S}/identity/pages/member-*-pages.test.ts`,
      `${S}/identity/routes/identity-attacks.test.ts`,
      // A staff identity gets no member tokens through any grant.
      `${S}/identity/routes/staff-step-becomes-member-tokens.test.ts`,
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
      `${S}/identity/pages/page-session-abuse.test.ts`,
      // Redirect-session bodies of every wrong shape, each with its catalogue code.
      `${S}/identity/routes/redirect-session-checks.test.ts`,
      `${S}/identity/routes/redirect-session-intents.test.ts`,
      `${S}/identity/routes/identity-hostile-input.test.ts`,
      `${S}/identity/routes/oauth.test.ts`,
      `${S}/identity/routes/web-message-origin.test.ts`,
      `${S}/identity/routes/link-poisoning.test.ts`,
      `${S}/identity/routes/member-tokens.test.ts`,
      `${S}/data/routes/member-permission-level.test.ts`,
      `${S}/identity/pages/member-*-pages.test.ts`,
      `${S}/identity/routes/identity-attacks.test.ts`,
    ],
  },
  "identity-sessions": {
    label: "identity/: sessions, staff sign-in and recovery, member admin, the members command",
    mutate: [
      ...["sessions", "session-liveness", "staff-sign-in", "staff-recovery", "member-admin"].map(
        (file) => `${S}/identity/${file}.ts`,
      ),
      `${S}/platform/secrets/secret-box.ts`,
      `${S}/main/commands/members-cli.ts`,
    ],
    // Sessions ended on one node are refused on the other: only PostgreSQL's notices show it.
    postgres: true,
    testFiles: [
      `${S}/identity/session-ending.test.ts`,
      `${S}/identity/session-list.test.ts`,
      `${S}/identity/session-records.test.ts`,
      `${S}/platform/secrets/secret-box.test.ts`,
      `${S}/identity/member-admin.test.ts`,
      `${S}/identity/recent-sign-in.test.ts`,
      `${S}/identity/pages/page-session-abuse.test.ts`,
      `${S}/identity/reauthentication.test.ts`,
      `${S}/identity/refresh-rotation.test.ts`,
      `${S}/main/commands/members-cli.test.ts`,
      `${S}/main/commands/members-cli-outbox.test.ts`,
      `${S}/identity/sdk-members.test.ts`,
      `${S}/owner/owner-identity.test.ts`,
      `${S}/main/commands/owner-cli.test.ts`,
      // The staff's sign-in, passkeys, invitations and resets.
      `${S}/owner/routes/*.test.ts`,
      `${S}/identity/routes/identity-*.test.ts`,
      `${S}/identity/routes/account-*.test.ts`,
      `${S}/identity/routes/member-tokens.test.ts`,
      `${S}/data/routes/member-permission-level.test.ts`,
      `${S}/main/two-nodes.test.ts`,
      `${S}/identity/security-page-two-nodes.test.ts`,
      // In this process (the two above start processes, whose code the run cannot see).
      `${S}/identity/session-liveness-two-nodes.test.ts`,
    ],
  },
  // What every identity test runs through (the service's wiring, its config, the mailer): each
  // mutant here is reached by nearly every test, so this group is slow; run it on its own.
  "identity-wiring": {
    label:
      "identity/: the service's wiring, its config from the environment, the mailer, the wire view",
    mutate: [
      ...["identity-context", "identity-service", "identity-view", "identity-config"].map(
        (file) => `${S}/identity/${file}.ts`,
      ),
      `${S}/platform/mail/mailer.ts`,
    ],
    // Not the whole identity suite: each mutant here is reached by every identity test. These
    // read what the files make: the config, the wire forms, the mailer, each attempt limit.
    testFiles: [
      `${S}/identity/identity-config.test.ts`,
      `${S}/identity/identity-view.test.ts`,
      `${S}/platform/mail/mailer.test.ts`,
      `${S}/identity/sdk-members.test.ts`,
      `${S}/platform/http/request-origin.test.ts`,
      `${S}/identity/routes/identity-attacks.test.ts`,
      `${S}/identity/routes/identity-register-checks.test.ts`,
      `${S}/identity/routes/identity-login-checks.test.ts`,
      `${S}/identity/routes/identity-recovery-mails.test.ts`,
      `${S}/identity/routes/mail-flood.test.ts`,
      `${S}/identity/routes/second-factor-flood.test.ts`,
      `${S}/identity/routes/password-check-flood.test.ts`,
      `${S}/identity/routes/sign-in-address-limit.test.ts`,
      `${S}/identity/routes/identity-throttle-answer.test.ts`,
      `${S}/identity/routes/identity-token-shapes.test.ts`,
      `${S}/identity/routes/identity-email-shapes.test.ts`,
      `${S}/identity/routes/identity-mail-down.test.ts`,
      `${S}/owner/routes/staff-account.test.ts`,
      `${S}/owner/routes/approval-mail*.test.ts`,
    ],
  },
  "identity-accounts": {
    label:
      "identity/: a member's data and sessions, sign-in history, breached passwords, approval mails",
    mutate: [
      "member-data",
      "member-name",
      "session-list",
      "sign-in-history",
      "breached-passwords",
      "approval-mails",
      "owner-address",
      "invited-member",
    ].map((file) => `${S}/identity/${file}.ts`),
    // Only the tests that read what these files make: each of their mutants is reached by every
    // sign-up and sign-in, so the whole identity suite would make this a run of hours.
    testFiles: [
      `${S}/identity/breached-passwords.test.ts`,
      `${S}/identity/pages/password-screen.test.ts`,
      // The owner's one address for notices, and a client's arrival from an invitation.
      `${S}/owner/routes/notice-routes.test.ts`,
      `${S}/invites/invites.test.ts`,
      `${S}/main/commands/members-cli.test.ts`,
      `${S}/identity/session-list.test.ts`,
      `${S}/identity/sign-in-history.test.ts`,
      // The security page's sessions as the other session tests end and replay them.
      `${S}/identity/session-ending.test.ts`,
      `${S}/identity/pages/page-session-abuse.test.ts`,
      `${S}/identity/routes/account-*.test.ts`,
      // The export's and the deletion's files; what a deletion leaves (limit rows by digest).
      `${S}/files/file-uploads.test.ts`,
      `${S}/files/file-shares.test.ts`,
      `${S}/identity/routes/passkeys.test.ts`,
      `${S}/identity/routes/member-deletion-traces.test.ts`,
      `${S}/identity/approval-mails.test.ts`,
      // Common passwords at sign-up, failed sign-ins in the history, approval mails.
      `${S}/identity/routes/identity-register-checks.test.ts`,
      `${S}/identity/routes/identity-login-checks.test.ts`,
      `${S}/identity/routes/identity-second-factor-steps.test.ts`,
      `${S}/identity/routes/identity-verification-step.test.ts`,
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
      `${S}/identity/routes/passkeys.test.ts`,
      `${S}/identity/routes/passkey-ceremony-abuse.test.ts`,
      `${S}/identity/routes/passkey-names-and-limits.test.ts`,
      `${S}/identity/routes/passkey-sign-in-steps.test.ts`,
      `${S}/identity/routes/identity-second-factor-steps.test.ts`,
      `${S}/owner/routes/passkey-sign-in.test.ts`,
      `${S}/owner/routes/staff-account.test.ts`,
      `${S}/owner/routes/session-routes.test.ts`,
    ],
  },
  "identity-pages": {
    label:
      "platform/pages/ and identity/pages/views.ts: the member pages' HTML, form tokens and assets",
    mutate: [
      `${S}/platform/pages/*.ts`,
      `!${S}/platform/pages/*.test.ts`,
      `${S}/identity/pages/views.ts`,
    ],
    testFiles: [
      `${S}/platform/pages/*.test.ts`,
      `${S}/identity/pages/member-*-pages.test.ts`,
      `${S}/identity/pages/member-*-page-words.test.ts`,
      `${S}/identity/pages/member-pages-frame.test.ts`,
      `${S}/identity/routes/identity-hostile-input.test.ts`,
      `${S}/identity/routes/web-message-origin.test.ts`,
    ],
  },
};
