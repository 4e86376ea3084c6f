/**
 * One client filling the store's disk, and the owner's mailbox: a self-registered member
 * uploading file after file. Their uploads together stay within the per-client quota, also when
 * sent at once, and the owner hears of a batch in one mail, through the mail gate.
 */
import { readdirSync } from "node:fs";
import { afterEach, expect, test } from "vitest";
import { codeOf } from "../main/test-kit/api.ts";
import {
  createFilesKit,
  type FilesKit,
  OWNER_EMAIL,
  ownerFile,
  PDF_BYTES,
} from "../main/test-kit/files-kit.ts";

const KB = 1024;
let k: FilesKit;
afterEach(() => k.close());

const pdfOf = (bytes: number) =>
  Buffer.concat([PDF_BYTES, Buffer.alloc(bytes - PDF_BYTES.length, 0x20)]);

const storedBytes = () =>
  Number(
    (
      k.db
        .prepare("SELECT coalesce(sum(size), 0) AS n FROM files WHERE uploaded_by IS NOT NULL")
        .get() as {
        n: number;
      }
    ).n,
  );

test("a client filling the disk is refused past the per-client quota, before the body when its length is declared", async () => {
  k = await createFilesKit(undefined, { quotaBytes: 4 * KB });
  const eve = await k.signedInMember("eve@example.com");
  expect((await k.upload(eve.token, "one.pdf", pdfOf(1.5 * KB))).statusCode).toBe(200);
  expect((await k.upload(eve.token, "two.pdf", pdfOf(1.5 * KB))).statusCode).toBe(200);
  const refused = await k.upload(eve.token, "three.pdf", pdfOf(1.5 * KB));
  expect(refused.statusCode).toBe(413);
  expect(codeOf(refused)).toBe("FILE_QUOTA_EXCEEDED");
  expect(refused.json().message).toContain("and 1 KB is left");
  expect(storedBytes()).toBe(3 * KB);
  // What fits still fits; another client and the owner are not held by Eve's quota.
  expect((await k.upload(eve.token, "small.pdf", pdfOf(KB))).statusCode).toBe(200);
  const ada = await k.signedInMember("ada@example.com");
  expect((await k.upload(ada.token, "ada.pdf", pdfOf(1.5 * KB))).statusCode).toBe(200);
  await ownerFile(k, "big.pdf", pdfOf(5 * KB));
});

test("uploads sent at once cannot pass the quota together", async () => {
  k = await createFilesKit(undefined, { quotaBytes: 3.5 * KB });
  const eve = await k.signedInMember("eve@example.com");
  const answers = await Promise.all(
    Array.from({ length: 8 }, (_, i) => k.upload(eve.token, `part-${i}.pdf`, pdfOf(KB))),
  );
  const taken = answers.filter((answer) => answer.statusCode === 200);
  expect(taken).toHaveLength(3);
  expect(answers.filter((answer) => codeOf(answer) === "FILE_QUOTA_EXCEEDED")).toHaveLength(5);
  expect(storedBytes()).toBe(3 * KB);
  expect(readdirSync(k.filesDir)).toHaveLength(3);
});

test("a client's burst of uploads mails the owner once, listing every file", async () => {
  // An interval the burst fits in, however slow the machine.
  k = await createFilesKit(undefined, { digestMs: 1_500 });
  const eve = await k.signedInMember("eve@example.com");
  const before = k.outbox(OWNER_EMAIL).length;
  for (let i = 0; i < 5; i++) {
    expect((await k.upload(eve.token, `scan-${i}.pdf`, PDF_BYTES)).statusCode).toBe(200);
  }
  const mails = await k.mailsAfter(OWNER_EMAIL, before);
  expect(mails).toHaveLength(1);
  expect(mails[0]?.subject).toBe("5 new files from eve@example.com");
  for (let i = 0; i < 5; i++) expect(mails[0]?.body).toContain(`scan-${i}.pdf`);
  // Nothing more comes for the same batch.
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(k.outbox(OWNER_EMAIL).length - before).toBe(1);
});
