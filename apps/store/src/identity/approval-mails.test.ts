/**
 * The approval alert goes to the owner's one address, and to nobody before the owner gave one:
 * never to the identity's name "owner", which is no mailbox.
 */
import { expect, test } from "vitest";
import { ownerHasEmail, setOwnerPassword } from "../main/test-kit/owner-signed-in.ts";
import { openTestDb } from "../main/test-kit/test-db.ts";
import type { MailMessage } from "../platform/mail/mailer.ts";
import { mailOwnerAboutWaitingMember } from "./approval-mails.ts";
import { createIdentityContext } from "./identity-service.ts";

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
