/**
 * Approval does not happen in silence: the owner is mailed when someone waits (once the e-mail is
 * verified, if verification is on), the member when let in; a flood of sign-ups cannot flood
 * the owner's inbox, and the mails link only to PUBLIC_URL, whatever Host a request claimed.
 */
import { afterEach, beforeEach, expect, test } from "vitest";
import { createMemberKit, type MemberKit, ORIGIN } from "../../main/test-kit/identity-kit.ts";
import {
  OWNER_EMAIL,
  type OwnerCalls,
  ownerWithEmail,
} from "../../main/test-kit/owner-signed-in.ts";

let k: MemberKit;
let asOwner: OwnerCalls;

beforeEach(async () => {
  k = await createMemberKit();
  asOwner = await ownerWithEmail(k);
  await asOwner("PUT", "/admin/api/member-settings", { requireApproval: true });
});
afterEach(() => k.close());

const register = (email: string, host = "store.test") =>
  k.post(
    "/_api/iam/authentication/v2/register",
    { loginId: { email }, password: "correct horse battery" },
    { host },
  );

test("the owner hears of a member who waits, once the e-mail is verified, linked to PUBLIC_URL", async () => {
  await k.signUp("ada@example.com");
  const mail = await k.smtp.waitFor(OWNER_EMAIL, /ada@example\.com/);
  expect(mail.subject).toBe("A new client waits for your approval");
  expect(mail.text).toContain(`${ORIGIN}/admin`);
  const waiting = (await asOwner("GET", "/admin/api/members")).json().members;
  expect(waiting).toMatchObject([{ email: "ada@example.com", status: "PENDING" }]);
});

test("a forged Host never reaches the owner's mail", async () => {
  await register("eve@example.com", "evil.example");
  await k.signUp("bob@example.com");
  const mail = await k.smtp.waitFor(OWNER_EMAIL, /waits for your approval/);
  expect(mail.text).not.toContain("evil.example");
});

test("a flood of sign-ups sends the owner one alert, while the list counts every one", async () => {
  for (const name of ["a", "b", "c", "d"]) await k.signUp(`${name}@example.com`);
  await k.smtp.waitFor(OWNER_EMAIL, /waits for your approval/);
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(k.smtp.countTo(OWNER_EMAIL)).toBe(1);
  const { members } = (await asOwner("GET", "/admin/api/members")).json();
  expect(members.filter((m: { status: string }) => m.status === "PENDING")).toHaveLength(4);
});

test("the member hears when approved, and not when blocked", async () => {
  const ada = await k.signUp("ada@example.com");
  const bob = await k.signUp("bob@example.com");
  await asOwner("POST", `/admin/api/members/${bob}/block`);
  const approved = await asOwner("POST", `/admin/api/members/${ada}/approve`);
  expect(approved.json().member.status).toBe("ACTIVE");
  const mail = await k.smtp.waitFor("ada@example.com", /approved/);
  expect(mail.subject).toBe("Your account is approved");
  expect(mail.text).toContain(`${ORIGIN}/members/sign-in`);
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(
    k.smtp.received.filter(
      (m) => m.to.includes("bob@example.com") && /approved|blocked/i.test(m.subject),
    ),
  ).toEqual([]);
});

test("approving someone already in sends no second mail", async () => {
  const ada = await k.signUp("ada@example.com");
  await asOwner("POST", `/admin/api/members/${ada}/approve`);
  await k.smtp.waitFor("ada@example.com", /approved/);
  k.clock.ms += 120_000;
  await asOwner("POST", `/admin/api/members/${ada}/approve`);
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(k.smtp.received.filter((m) => m.subject === "Your account is approved")).toHaveLength(1);
});
