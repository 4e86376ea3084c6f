/**
 * @module What `npm run test:mutation` mutates, folder by folder, and the test files that may
 * kill each folder's mutants: the folder's own tests and the route tests that drive it. A target
 * is run alone (`npm run test:mutation -- limits`) so the slow run can be done a folder at a time.
 */
const S = "apps/store/src";

/** @type {Record<string, { label: string, mutate: string[], testFiles: string[] }>} */
export const TARGETS = {
  limits: {
    label: "limits/",
    mutate: [`${S}/limits/*.ts`, `!${S}/limits/*.test.ts`],
    testFiles: [
      `${S}/limits/*.test.ts`,
      `${S}/identity/attempt-limiter.test.ts`,
      `${S}/owner/sign-in-limiter.test.ts`,
      `${S}/owner/routes/session-routes.test.ts`,
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
  auth: {
    label: "auth/, every file (tokens, keys, cookies, owner sessions, the rules)",
    mutate: [`${S}/auth/*.ts`, `!${S}/auth/*.test.ts`],
    testFiles: [
      `${S}/auth/*.test.ts`,
      `${S}/routes/oauth.test.ts`,
      `${S}/routes/author-permissions.test.ts`,
      `${S}/routes/client-resources-share.test.ts`,
      `${S}/routes/member-tokens.test.ts`,
      `${S}/routes/items-read.test.ts`,
    ],
  },
  items: {
    label: "items/ writer and the query's permission filter",
    mutate: [`${S}/items/item-writer.ts`, `${S}/items/query-call.ts`],
    testFiles: [
      `${S}/items/*.test.ts`,
      `${S}/routes/items*.test.ts`,
      `${S}/routes/author-permissions.test.ts`,
      `${S}/routes/client-resources-share.test.ts`,
    ],
  },
  identity: {
    label: "identity/",
    mutate: [`${S}/identity/*.ts`, `!${S}/identity/*.test.ts`],
    testFiles: [
      `${S}/identity/*.test.ts`,
      `${S}/routes/identity-*.test.ts`,
      `${S}/routes/member-*.test.ts`,
      `${S}/routes/captcha-client.test.ts`,
    ],
  },
};
