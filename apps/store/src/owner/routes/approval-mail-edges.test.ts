/**
 * The approval mails at their edges: the owner is not told of someone who has yet to prove
 * their e-mail (anyone can type any address), a store without PUBLIC_URL mails no link at all
 * rather than a broken one, and a store with no owner yet lets people wait without failing.
 */
import { afterEach, expect, test } from "vitest";
import { createMemberKit, type MemberKit, PASSWORD } from "../../main/test-kit/identity-kit.ts";
import { OWNER_EMAIL, ownerWithEmail } from "../../main/test-kit/owner-signed-in.ts";

let k: MemberKit;
afterEach(() => k.close());

const settle = () => new Promise((resolve) => setTimeout(resolve, 300));
const members = (kit: MemberKit) =>
  kit.db.prepare("SELECT email, status FROM identities WHERE role = 'member'").all();

test("the owner hears nothing of a sign-up until its e-mail is verified", async () => {
  k = await createMemberKit();
  const asOwner = await ownerWithEmail(k);
  await asOwner("PUT", "/admin/api/member-settings", { requireApproval: true });
  const registered = (
    await k.post("/_api/iam/authentication/v2/register", {
      loginId: { email: "ada@example.com" },
      password: PASSWORD,
    })
  ).json() as { state: string; stateToken: string };
  expect(registered.state).toBe("REQUIRE_EMAIL_VERIFICATION");
  const code = await k.mailedCode("ada@example.com");
  await settle();
  expect(k.smtp.countTo(OWNER_EMAIL)).toBe(0);

  await k.post("/_api/iam/verification/v1/auth/verify", {
    code,
    stateToken: registered.stateToken,
  });
  const mail = await k.smtp.waitFor(OWNER_EMAIL, /ada@example\.com/);
  expect(mail.subject).toBe("A new client waits for your approval");
});

test("without PUBLIC_URL neither approval mail carries a link", async () => {
  k = await createMemberKit({ config: { publicUrl: null } });
  const asOwner = await ownerWithEmail(k);
  await asOwner("PUT", "/admin/api/member-settings", { requireApproval: true });
  const ada = await k.signUp("ada@example.com");
  const waiting = await k.smtp.waitFor(OWNER_EMAIL, /waits for your approval/);
  expect(waiting.text.trim()).toBe(
    "ada@example.com signed up and waits for your approval. Approve or block them in the " +
      "editor, under Members.",
  );
  await asOwner("POST", `/admin/api/members/${ada}/approve`);
  const approved = await k.smtp.waitFor("ada@example.com", /approved/);
  expect(approved.text.trim()).toBe("Your account was approved: you can sign in now.");
});

test("with approval on and no owner yet, a sign-up waits and nothing is mailed", async () => {
  k = await createMemberKit({ config: { requireApproval: true } });
  await k.signUp("ada@example.com");
  await settle();
  expect(members(k)).toEqual([{ email: "ada@example.com", status: "PENDING" }]);
  expect(k.smtp.received.map((mail) => mail.to)).toEqual([["ada@example.com"]]);
});

test("an address at its hourly mail cap gets no approval mail on top, and is approved all the same", async () => {
  k = await createMemberKit({ config: { mailMaxPerRecipient: 1 } });
  const asOwner = await ownerWithEmail(k);
  await asOwner("PUT", "/admin/api/member-settings", { requireApproval: true });
  const ada = await k.signUp("ada@example.com");
  await k.smtp.waitFor(OWNER_EMAIL, /waits for your approval/);
  k.clock.ms += 120_000;

  const approved = await asOwner("POST", `/admin/api/members/${ada}/approve`);
  expect(approved.json().member.status).toBe("ACTIVE");
  await settle();
  expect(k.smtp.received.filter((mail) => mail.to.includes("ada@example.com"))).toHaveLength(1);
});
