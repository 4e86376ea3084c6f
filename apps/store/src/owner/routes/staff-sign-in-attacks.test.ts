/**
 * The editor's sign-in as an attacker tries it: addresses nobody has, a blocked owner, the
 * per-account limit spread over many addresses and over the two ways of naming the owner, and
 * what a sign-in leaves behind in the store.
 */
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { codeOf } from "../../main/test-kit/api.ts";
import {
  createOwnerKit,
  OWNER_PASSWORD,
  type OwnerKit,
  sessionCookieOf,
} from "../../main/test-kit/owner-signed-in.ts";

const OWNER_EMAIL = "owner@example.com";
/** DEFAULT_IDENTITY_CONFIG.loginMaxPerEmail: wrong passwords per account in the window. */
const ACCOUNT_LIMIT = 10;

let kit: OwnerKit;
beforeEach(async () => {
  kit = await createOwnerKit();
});
afterEach(() => kit.app.close());

/** A sign-in from its own address each time, so only the per-account limit can refuse it. */
let nextAddress = 1;
const signIn = (payload: Record<string, unknown>) =>
  kit.app.inject({
    method: "POST",
    url: "/admin/api/sign-in",
    payload,
    remoteAddress: `198.51.100.${nextAddress++}`,
  });

const tokensOfKind = (kind: string) =>
  Number(
    (
      kit.db.prepare("SELECT COUNT(*) AS n FROM identity_tokens WHERE kind = ?").get(kind) as {
        n: number;
      }
    ).n,
  );

describe("what a refused sign-in reveals", () => {
  test("an e-mail nobody has gets the same 401 'Wrong password' as a wrong password", async () => {
    const stranger = await signIn({ email: "nobody@example.com", password: OWNER_PASSWORD });
    expect(stranger.statusCode).toBe(401);
    expect(codeOf(stranger)).toBe("OWNER_WRONG_PASSWORD");
    expect(stranger.headers["set-cookie"]).toBeUndefined();
  });

  test("a blocked owner's right password opens no editor session", async () => {
    kit.db.prepare("UPDATE identities SET status = 'BLOCKED' WHERE role = 'owner'").run();
    const response = await signIn({ password: OWNER_PASSWORD });
    expect(response.statusCode).toBe(401);
    expect(codeOf(response)).toBe("OWNER_WRONG_PASSWORD");
    expect(response.headers["set-cookie"]).toBeUndefined();
  });
});

test.each([
  ["left empty", ""],
  ["sent as null", null],
])("the owner signs in with the e-mail %s, as without one", async (_name, email) => {
  const response = await signIn({ email, password: OWNER_PASSWORD });
  expect(response.json()).toMatchObject({ signedIn: true, role: "owner" });
});

describe("the per-account limit", () => {
  test("guesses at addresses nobody has, from many addresses, do not lock the owner out", async () => {
    for (let guess = 0; guess < ACCOUNT_LIMIT; guess++) {
      const response = await signIn({ email: `guess${guess}@example.com`, password: "wrong x" });
      expect(codeOf(response)).toBe("OWNER_WRONG_PASSWORD");
    }
    expect((await signIn({ password: OWNER_PASSWORD })).json()).toMatchObject({ signedIn: true });
  });

  test("guesses alternating between the owner's address and no address share one limit", async () => {
    const owner = await kit.signedIn();
    const named = await kit.asOwner(owner, {
      method: "PUT",
      url: "/admin/api/account/email",
      payload: { email: OWNER_EMAIL, password: OWNER_PASSWORD },
    });
    expect(named.statusCode).toBe(200);
    for (let guess = 0; guess < ACCOUNT_LIMIT; guess++) {
      const form = guess % 2 === 0 ? { email: OWNER_EMAIL } : {};
      expect(codeOf(await signIn({ ...form, password: `wrong ${guess}` }))).toBe(
        "OWNER_WRONG_PASSWORD",
      );
    }
    const right = await signIn({ password: OWNER_PASSWORD });
    expect(right.statusCode).toBe(429);
    expect(codeOf(right)).toBe("IDENTITY_THROTTLED");
    expect(right.headers["set-cookie"]).toBeUndefined();
  });
});

test("a signed-in owner leaves no member session token in the store to turn into member tokens", async () => {
  const response = await signIn({ password: OWNER_PASSWORD });
  expect(sessionCookieOf(response)).toMatch(/^owner_session=/);
  expect(tokensOfKind("session")).toBe(0);
});
