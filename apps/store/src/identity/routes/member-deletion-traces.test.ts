/**
 * A deleted member leaves no trace: after the member deletes their account, or the owner deletes
 * it, no table holds their e-mail, its digest (the limit counters key by digests), their id, or
 * a digest of any key a limit counted them under, and the files folder holds none of the bytes
 * they uploaded. Every table is dumped, on SQLite and (STORE_TEST_ADAPTER=postgres) PostgreSQL.
 */
import { createHash, randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, expect, test } from "vitest";
import { bookingRequest, injectCall, setUpBooking } from "../../main/test-kit/booking-kit.ts";
import {
  createFilesKit,
  type FilesKit,
  ownerFile,
  PDF_BYTES,
} from "../../main/test-kit/files-kit.ts";
import { createMemberKit } from "../../main/test-kit/identity-kit.ts";
import {
  ownerHeaders,
  ownerSignedIn,
  ownerWithEmail,
} from "../../main/test-kit/owner-signed-in.ts";

const ADA = "ada.trace@example.com";

let k: FilesKit;
beforeEach(async () => {
  k = await createFilesKit();
});
afterEach(() => k.close());

const digest = (key: string) => createHash("sha256").update(key).digest("base64url");

function dumpAll(db: FilesKit["db"]): string {
  const tables = db
    .prepare(
      k.db.dialect === "sqlite"
        ? "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        : "SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema()",
    )
    .all() as { name: string }[];
  return JSON.stringify(
    Object.fromEntries(
      tables.map(({ name }) => [name, db.prepare(`SELECT * FROM "${name}"`).all()]),
    ),
  );
}

const filesFolder = () =>
  readdirSync(k.filesDir).map((name) => readFileSync(join(k.filesDir, name)).toString("latin1"));

/** Books a meeting as Ada: signed in (with `token`) or by her address only. */
async function bookAsAda(day: number, token?: string): Promise<void> {
  const call = injectCall(k.app);
  const owner = { authorization: k.apiKey };
  const { serviceId } = await setUpBooking(call, owner);
  const start = Date.UTC(2025, 0, day, 9);
  const body = bookingRequest(
    serviceId,
    new Date(start).toISOString(),
    new Date(start + 30 * 60_000).toISOString(),
    ADA,
  );
  const made = await call(
    "POST",
    "/_api/bookings-service/v2/bookings",
    body,
    token === undefined ? {} : { authorization: token },
  );
  expect(made.status).toBe(200);
}

/**
 * A member who signed in, failed a password, asked for a link, uploaded, opened a share, and
 * booked twice (signed in, and by address only; the booking mails are in the outbox).
 */
async function busyMember(marker: string): Promise<{ id: string; token: string }> {
  const ada = await k.signedInMember(ADA);
  await k.post("/_api/iam/authentication/v2/login", {
    loginId: { email: ADA },
    password: "not the password at all",
  });
  await k.post("/_api/iam/recovery/v1/send-email", { email: ADA });
  const upload = await k.upload(
    ada.token,
    "notes.pdf",
    Buffer.concat([PDF_BYTES, Buffer.from(marker)]),
  );
  expect(upload.statusCode).toBe(200);
  const shared = await ownerFile(k);
  await k.share({ fileIds: [shared], memberIds: [ada.id] });
  expect((await k.download(shared, ada.token)).statusCode).toBe(200);
  await bookAsAda(3, ada.token);
  await bookAsAda(4);
  return ada;
}

function traces(id: string, marker: string): string[] {
  const dump = dumpAll(k.db);
  const keys = [ADA, id, ...["code", "link", "alert", "security"].map((kind) => `${kind}:${ADA}`)];
  const found = [ADA, id, ...keys.map(digest)].filter((trace) =>
    dump.toLowerCase().includes(trace.toLowerCase()),
  );
  if (filesFolder().some((bytes) => bytes.includes(marker))) found.push("uploaded bytes");
  return found;
}

test("a member who deletes their own account leaves no e-mail, digest, id or file bytes behind", async () => {
  const marker = `ada's own bytes ${randomUUID()}`;
  const ada = await busyMember(marker);
  expect(traces(ada.id, marker)).toEqual(
    expect.arrayContaining([
      ADA,
      ada.id,
      digest(ADA),
      digest(ada.id),
      digest(`link:${ADA}`),
      "uploaded bytes",
    ]),
  );
  const deleted = await k.app.inject({
    method: "POST",
    url: "/_api/account/v1/delete",
    headers: { host: "store.test", authorization: ada.token },
  });
  expect(deleted.statusCode).toBe(200);
  expect(traces(ada.id, marker)).toEqual([]);
});

test("a member the owner deletes leaves no e-mail, digest, id or file bytes behind", async () => {
  const marker = `ada's own bytes ${randomUUID()}`;
  const ada = await busyMember(marker);
  const owner = ownerHeaders(await ownerSignedIn(k));
  const deleted = await k.app.inject({
    method: "DELETE",
    url: `/admin/api/members/${ada.id}`,
    headers: { host: "store.test", ...owner },
  });
  expect(deleted.statusCode).toBe(200);
  expect(traces(ada.id, marker)).toEqual([]);
  // The owner's own shared file stays.
  expect(filesFolder()).toHaveLength(1);
});

test("a member who confirmed a mailed code and waited for approval leaves no trace of those mails", async () => {
  const m = await createMemberKit({ config: { requireEmailVerification: true } });
  try {
    const asOwner = await ownerWithEmail(m);
    await asOwner("PUT", "/admin/api/member-settings", { requireApproval: true });
    const id = await m.signUp(ADA);
    expect((await asOwner("POST", `/admin/api/members/${id}/approve`)).statusCode).toBe(200);
    await m.smtp.waitFor(ADA, /approved/);
    const mailKeys = [`code:${ADA}`, `alert:${ADA}`].map(digest);
    expect(mailKeys.filter((key) => dumpAll(m.db).includes(key))).toEqual(mailKeys);
    expect((await asOwner("DELETE", `/admin/api/members/${id}`)).statusCode).toBe(200);
    const dump = dumpAll(m.db).toLowerCase();
    expect([ADA, id, ...mailKeys].filter((trace) => dump.includes(trace.toLowerCase()))).toEqual(
      [],
    );
  } finally {
    await m.close();
  }
});
