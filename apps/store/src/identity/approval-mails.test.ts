/**
 * The approval alert goes to the owner's one address, and to nobody before the owner gave one:
 * never to the identity's name "owner", which is no mailbox.
 */
import { expect, test } from "vitest";
import { ownerHasEmail, setOwnerPassword } from "../main/test-kit/owner-signed-in.ts";
import { openTestDb } from "../main/test-kit/test-db.ts";
import type { MailMessage } from "../platform/mail/mailer.ts";
import { mailOwnerAboutWaitingMember, waitsOnlyForApproval, wasLetIn } from "./approval-mails.ts";
import { createIdentityContext } from "./identity-service.ts";
import type { IdentityStatus, PendingReason } from "./storage/identity-store.ts";

const silent = { error() {} } as unknown as Parameters<typeof createIdentityContext>[1]["log"];

test("the approval alert is never sent to the literal address owner, then reaches the owner's address", async () => {
  const db = openTestDb();
  await setOwnerPassword(db);
  const sent: MailMessage[] = [];
  const ctx = createIdentityContext(db, {
    mailer: { send: async (message) => void sent.push(message) },
    key: new Uint8Array(32).fill(3),
    now: () => 1_000,
    log: silent,
  });
  await mailOwnerAboutWaitingMember(ctx, { email: "ada@example.com" });
  expect(sent).toEqual([]);
  ownerHasEmail(db, "alex@example.com");
  await mailOwnerAboutWaitingMember(ctx, { email: "bob@example.com" });
  expect(sent.map((mail) => mail.to)).toEqual(["alex@example.com"]);
  db.close();
});

test("only a member whom nothing but the owner's approval keeps out waits for it", () => {
  const APPROVAL = "PENDING_ADMIN_APPROVAL_REQUIRED";
  const VERIFY = "PENDING_EMAIL_VERIFICATION_REQUIRED";
  const waits = (status: IdentityStatus, reasons: PendingReason[]) =>
    waitsOnlyForApproval({ status, reasons });
  expect(waits("PENDING", [APPROVAL])).toBe(true);
  // Still to confirm the address: the owner hears of them once that is done.
  expect(waits("PENDING", [VERIFY, APPROVAL])).toBe(false);
  expect(waits("PENDING", [VERIFY])).toBe(false);
  expect(waits("PENDING", [])).toBe(false);
  expect(waits("BLOCKED", [APPROVAL])).toBe(false);
  expect(waits("ACTIVE", [])).toBe(false);
});

test("a member is let in only when an approval turns a pending approval into an active account", () => {
  const APPROVAL = "PENDING_ADMIN_APPROVAL_REQUIRED";
  const before = (status: IdentityStatus, reasons: PendingReason[]) => ({ status, reasons });
  const after = (status: IdentityStatus) => ({ status });
  expect(wasLetIn(before("PENDING", [APPROVAL]), after("ACTIVE"))).toBe(true);
  expect(wasLetIn(before("PENDING", [APPROVAL]), after("PENDING"))).toBe(false);
  expect(wasLetIn(before("PENDING", [APPROVAL]), after("BLOCKED"))).toBe(false);
  // Deleted meanwhile: nobody to tell.
  expect(wasLetIn(before("PENDING", [APPROVAL]), null)).toBe(false);
  // Unblocking someone who never waited for approval is no approval.
  expect(wasLetIn(before("BLOCKED", []), after("ACTIVE"))).toBe(false);
  expect(wasLetIn(before("BLOCKED", [APPROVAL]), after("ACTIVE"))).toBe(false);
  expect(wasLetIn(before("ACTIVE", []), after("ACTIVE"))).toBe(false);
});
