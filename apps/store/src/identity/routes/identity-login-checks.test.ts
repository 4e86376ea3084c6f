/**
 * Sign-in's checks one at a time, written as the abuse each stops: staff credentials tried on
 * the members' login, a blocked account probed for whether it exists, a member deleted while
 * their password is checked, and the history a member reads to notice what was not them.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { codeOf } from "../../main/test-kit/api.ts";
import { createMemberKit, type MemberKit, PASSWORD } from "../../main/test-kit/identity-kit.ts";
import { createMemberBrowser } from "../../main/test-kit/member-browser.ts";
import { codeIn, startSignInFlow } from "../../main/test-kit/member-signed-in.ts";
import { createSemaphore } from "../../platform/limits/semaphore.ts";
import { hashPassword } from "../password.ts";
import { createIdentityStore } from "../storage/identity-store.ts";

let k: MemberKit;
beforeEach(async () => {
  k = await createMemberKit();
});
afterEach(() => k.close());

const LOGIN = "/_api/iam/authentication/v2/login";
const login = (email: string, password = PASSWORD) =>
  k.post(LOGIN, { loginId: { email }, password });
const idOf = (email: string) =>
  (k.db.prepare("SELECT id FROM identities WHERE email = ?").get(email) as { id: string }).id;

/** A stranger's answer: the one every refusal that must not tell members apart gives. */
async function strangersAnswer() {
  const answer = await login("nobody@example.com", "some password here");
  expect(codeOf(answer)).toBe("-19976");
  return { status: answer.statusCode, body: answer.json() };
}

describe("who may sign in as a member", () => {
  test("a collaborator's e-mail and right password open no member session", async () => {
    createIdentityStore(k.db).insert({
      id: "editor-1",
      email: "editor@example.com",
      emailVerified: true,
      passwordHash: await hashPassword(PASSWORD),
      status: "ACTIVE",
      reasons: [],
      profile: {},
      now: k.clock.ms,
      role: "editor",
    });
    const answer = await login("editor@example.com");
    expect({ status: answer.statusCode, body: answer.json() }).toEqual(await strangersAnswer());
  });

  test("probing a blocked sign-on account (no password) answers as for a stranger, not 'reset it'", async () => {
    await k.post(
      "/_api/iam/authentication/v2/sign-on",
      { loginId: { email: "sso@example.com" } },
      { authorization: `${await k.token()},${k.apiKey}` },
    );
    expect(codeOf(await login("sso@example.com", "any password at all"))).toBe("-19973");
    k.ownerActs(idOf("sso@example.com"), "block");
    const probe = await login("sso@example.com", "any password at all");
    expect({ status: probe.statusCode, body: probe.json() }).toEqual(await strangersAnswer());
  });

  test("a member the owner deletes while their right password is being checked is not signed in", async () => {
    const checks = createSemaphore(2);
    await k.close();
    k = await createMemberKit({}, { passwordVerifications: checks });
    // The production cost (not the test runs' cheap one): the check must last long enough for
    // the owner's delete to land while it runs.
    vi.stubEnv("PASSWORD_HASH_COST", "production");
    await k.signUp("ada@example.com");
    vi.unstubAllEnvs();
    const id = idOf("ada@example.com");
    const pending = login("ada@example.com");
    // A slot is held only while the password hash is being computed.
    for (let i = 0; checks.inUse === 0 && i < 10_000; i++) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(checks.inUse).toBe(1);
    k.ownerActs(id, "delete");
    const answer = await pending;
    expect(answer.statusCode).toBe(400);
    expect(codeOf(answer)).toBe("-19976");
  });
});

describe("the captcha", () => {
  test("the store's sign-in page signs in without a captcha token, the API does not", async () => {
    await k.close();
    k = await createMemberKit({ captcha: async (token) => token === "human" });
    const registered = await k.post("/_api/iam/authentication/v2/register", {
      loginId: { email: "ada@example.com" },
      password: PASSWORD,
      captchaTokens: [{ Recaptcha: "human" }],
    });
    await k.post("/_api/iam/verification/v1/auth/verify", {
      code: await k.mailedCode("ada@example.com"),
      stateToken: registered.json().stateToken,
    });
    expect(codeOf(await login("ada@example.com"))).toBe("-19971");

    const browser = createMemberBrowser(k);
    const { flow, path, session } = await startSignInFlow(k);
    await browser.get(path);
    const done = await browser.submit("/members/sign-in", {
      session,
      email: "ada@example.com",
      password: PASSWORD,
    });
    expect(codeIn(done).get("state")).toBe(flow.state);
  });
});

describe("the member's sign-in history", () => {
  type History = { signIns: { outcome: string; method: string }[] };
  const history = async (token: string) =>
    (
      await k.app.inject({
        method: "GET",
        url: "/_api/account/v1/sign-ins",
        headers: { host: "store.test", authorization: token },
      })
    ).json() as History;

  test("a guessed password and the right one both show, as password sign-ins", async () => {
    const { token } = await k.signedInMember("ada@example.com");
    k.clock.ms += 1_000; // the history lists the newest first
    expect(codeOf(await login("ada@example.com", "a guessed password"))).toBe("-19976");
    expect((await history(token)).signIns).toEqual([
      expect.objectContaining({ outcome: "failure", method: "password" }),
      expect.objectContaining({ outcome: "success", method: "password" }),
    ]);
  });

  test("a right password that still needs the e-mail code is not shown as a sign-in", async () => {
    const registered = await k.post("/_api/iam/authentication/v2/register", {
      loginId: { email: "ada@example.com" },
      password: PASSWORD,
    });
    expect(registered.json().state).toBe("REQUIRE_EMAIL_VERIFICATION");
    k.clock.ms += 61_000; // past the sign-up code's cool-down
    const step = await login("ada@example.com");
    expect(step.json().state).toBe("REQUIRE_EMAIL_VERIFICATION");
    await k.post("/_api/iam/verification/v1/auth/verify", {
      code: await k.mailedCode("ada@example.com", 1),
      stateToken: step.json().stateToken,
    });
    const tokens = await k.memberTokens("ada@example.com");
    expect((await history(tokens.access_token)).signIns).toEqual([
      expect.objectContaining({ outcome: "success", method: "password" }),
    ]);
  });
});
