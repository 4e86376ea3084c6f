/**
 * Login CSRF on the editor: another site's page posts the attacker's credentials to the
 * editor's sign-in as a form (or a cross-site request), so the victim's browser would keep the
 * attacker's session. The sign-in takes only the editor page's own JSON; the browser test is
 * `e2e/editor-login-csrf.spec.ts`.
 */
import { afterEach, beforeEach, expect, test } from "vitest";
import { codeOf } from "../../main/test-kit/api.ts";
import {
  createOwnerKit,
  OWNER_PASSWORD,
  type OwnerKit,
} from "../../main/test-kit/owner-signed-in.ts";

let kit: OwnerKit;
beforeEach(async () => {
  kit = await createOwnerKit();
});
afterEach(() => kit.app.close());

const signIn = (headers: Record<string, string>, payload: string) =>
  kit.app.inject({ method: "POST", url: "/admin/api/sign-in", headers, payload });

test("a form-encoded sign-in, as another site's form sends it, is refused and sets no cookie", async () => {
  const answer = await signIn(
    { "content-type": "application/x-www-form-urlencoded" },
    new URLSearchParams({ password: OWNER_PASSWORD }).toString(),
  );
  expect(answer.statusCode).toBe(403);
  expect(codeOf(answer)).toBe("OWNER_SIGN_IN_CROSS_SITE");
  expect(answer.headers["set-cookie"]).toBeUndefined();
});

test("a text/plain body shaped like JSON is refused", async () => {
  const answer = await signIn(
    { "content-type": "text/plain" },
    JSON.stringify({ password: OWNER_PASSWORD }),
  );
  expect(codeOf(answer)).toBe("OWNER_SIGN_IN_CROSS_SITE");
  expect(answer.headers["set-cookie"]).toBeUndefined();
});

test("a JSON sign-in the browser marks cross-site or same-site is refused", async () => {
  for (const site of ["cross-site", "same-site"]) {
    const answer = await signIn(
      { "content-type": "application/json", "sec-fetch-site": site },
      JSON.stringify({ password: OWNER_PASSWORD }),
    );
    expect(codeOf(answer)).toBe("OWNER_SIGN_IN_CROSS_SITE");
    expect(answer.headers["set-cookie"]).toBeUndefined();
  }
});

test("the second step and the passkey sign-in refuse a form too", async () => {
  for (const url of ["/admin/api/sign-in/code", "/admin/api/sign-in/passkey", "/admin/api/setup"]) {
    const answer = await kit.app.inject({
      method: "POST",
      url,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "stateToken=x&code=123456",
    });
    expect(codeOf(answer)).toBe("OWNER_SIGN_IN_CROSS_SITE");
  }
});

test("the editor page's own JSON sign-in, same-origin, signs in", async () => {
  const answer = await signIn(
    { "content-type": "application/json; charset=utf-8", "sec-fetch-site": "same-origin" },
    JSON.stringify({ password: OWNER_PASSWORD }),
  );
  expect(answer.json()).toMatchObject({ signedIn: true });
});
