/**
 * One owner address for every notice: asked for at setup, the one place approvals, uploads,
 * contact messages and resets go; never the literal identity name "owner". The editor reads
 * whether mail works, and a test mail checks it.
 */
import { afterEach, describe, expect, test } from "vitest";
import { codeOf, violatedFields } from "../../main/test-kit/api.ts";
import { createMemberKit, type MemberKit } from "../../main/test-kit/identity-kit.ts";
import {
  createOwnerKit,
  OWNER_EMAIL,
  type OwnerKit,
  ownerSignedIn,
  ownerWithEmail,
  sessionCookieOf,
} from "../../main/test-kit/owner-signed-in.ts";
import { createOwnerCredentials } from "../credentials.ts";

let close: () => Promise<unknown> = async () => {};
afterEach(() => close());

async function memberKit(): Promise<MemberKit> {
  const k = await createMemberKit();
  close = () => k.close();
  return k;
}

describe("the owner's one address", () => {
  test("before the owner gives an address, sign-ups mail only the client and the editor says notices reach nobody", async () => {
    const k = await memberKit();
    const { call } = await ownerSignedIn(k);
    await call("PUT", "/admin/api/member-settings", { requireApproval: true });
    await k.signUp("ada@example.com");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(k.smtp.received.filter((mail) => !mail.to.includes("ada@example.com"))).toEqual([]);
    const notices = (await call("GET", "/admin/api/notices")).json();
    expect(notices).toMatchObject({ ownerEmail: null, ready: false });
  });

  test("setup takes the owner's address, checked before the one-time link is used", async () => {
    const kit = await createOwnerKit({ password: null });
    close = () => kit.app.close();
    const token = createOwnerCredentials(kit.db, () => kit.clock.ms).createSetupToken(60_000);
    const bad = await kit.app.inject({
      method: "POST",
      url: "/admin/api/setup",
      payload: { token, password: "a long and silly test password", email: "not an address" },
    });
    expect(bad.statusCode).toBe(400);
    expect(violatedFields(bad)).toEqual(["email"]);
    const set = await kit.app.inject({
      method: "POST",
      url: "/admin/api/setup",
      payload: { token, password: "a long and silly test password", email: "Alex@Example.com" },
    });
    expect(set.json()).toMatchObject({ signedIn: true, email: "alex@example.com" });
    // The first sign-in, through the link, is the owner's first "Recent sign-in" and audit entry.
    const owner = { cookie: sessionCookieOf(set), csrfToken: set.json().csrfToken as string };
    const signIns = await kit.asOwner(owner, { method: "GET", url: "/admin/api/account/sign-ins" });
    expect(signIns.json().signIns).toMatchObject([{ outcome: "success", method: "setup-link" }]);
    const log = await kit.asOwner(owner, { method: "GET", url: "/admin/api/audit" });
    expect(log.json().entries.map((entry: { sentence: string }) => entry.sentence)).toContain(
      "You signed in to the editor.",
    );
  });

  test("the test mail goes to the owner's address and makes mail ready; the outbox is not ready", async () => {
    const k = await memberKit();
    const call = await ownerWithEmail(k);
    expect((await call("GET", "/admin/api/notices")).json()).toMatchObject({
      ownerEmail: OWNER_EMAIL,
      mailDelivers: true,
      testedAt: null,
      ready: false,
    });
    const sent = await call("POST", "/admin/api/notices/test-mail", {});
    expect(sent.json()).toMatchObject({ sentTo: OWNER_EMAIL });
    expect((await k.smtp.nextMail(OWNER_EMAIL)).subject).toBe("Test mail from your site");
    expect((await call("GET", "/admin/api/notices")).json()).toMatchObject({ ready: true });

    const outbox: OwnerKit = await createOwnerKit();
    const owner = await outbox.signedIn();
    await outbox.asOwner(owner, {
      method: "PUT",
      url: "/admin/api/account/email",
      payload: { email: OWNER_EMAIL, password: "a long and silly test password" },
    });
    await outbox.asOwner(owner, {
      method: "POST",
      url: "/admin/api/notices/test-mail",
      payload: {},
    });
    const notices = await outbox.asOwner(owner, { method: "GET", url: "/admin/api/notices" });
    expect(notices.json()).toMatchObject({ mailDelivers: false, ready: false });
    await outbox.app.close();
  });

  test("a test mail without an address is refused and sends nothing", async () => {
    const k = await memberKit();
    const { call } = await ownerSignedIn(k);
    expect(codeOf(await call("POST", "/admin/api/notices/test-mail", {}))).toBe(
      "OWNER_EMAIL_REQUIRED",
    );
    expect(k.smtp.received).toEqual([]);
  });
});
