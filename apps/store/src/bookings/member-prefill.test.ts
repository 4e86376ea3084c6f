/**
 * The booking form's contact fields for a signed-in client: the member of the page session's
 * cookie, or of a member access token; nothing for a visitor or a stale or forged cookie.
 */
import type { FastifyRequest } from "fastify";
import { afterEach, beforeEach, expect, test } from "vitest";
import { createIdentityContext } from "../identity/index.ts";
import { createIdentityStore } from "../identity/storage/identity-store.ts";
import { createMemberKit, type MemberKit } from "../main/test-kit/identity-kit.ts";
import { createMemberBrowser } from "../main/test-kit/member-browser.ts";
import { TEST_KEY } from "../main/test-kit/test-app.ts";
import { signedInContact } from "./member-prefill.ts";

const ADA = "ada.prefill@example.com";
let k: MemberKit;

beforeEach(async () => {
  k = await createMemberKit();
});
afterEach(() => k.close());

const requestWith = (cookie?: string) =>
  ({ headers: cookie === undefined ? {} : { cookie } }) as unknown as FastifyRequest;

function identity() {
  return createIdentityContext(k.db, {
    key: TEST_KEY,
    now: () => k.clock.ms,
    log: k.app.log,
  });
}

test("the page session's member fills in their name and address; a visitor gets nothing", async () => {
  const id = await k.signUp(ADA);
  createIdentityStore(k.db).setProfile(id, { firstName: "Ada", lastName: "Lovelace" }, k.clock.ms);
  const browser = createMemberBrowser(k);
  await browser.signIn(ADA);

  expect(signedInContact(identity(), requestWith(browser.cookie()))).toEqual({
    memberId: id,
    firstName: "Ada",
    lastName: "Lovelace",
    email: ADA,
  });
  expect(signedInContact(identity(), requestWith())).toBeNull();
  expect(signedInContact(identity(), requestWith("member_session=forged"))).toBeNull();

  // Signed out of the pages: the cookie names no live session.
  const stale = browser.cookie();
  await browser.submit("/members/sign-out", { csrf: await browser.csrf() });
  expect(signedInContact(identity(), requestWith(stale))).toBeNull();
});

test("a member's access token (the member id booking-access.ts read from it) fills them in too", async () => {
  const { id } = await k.signedInMember(ADA);
  expect(signedInContact(identity(), requestWith(), id)).toMatchObject({
    memberId: id,
    email: ADA,
  });
  expect(signedInContact(identity(), requestWith(), "no-such-member")).toBeNull();
});
