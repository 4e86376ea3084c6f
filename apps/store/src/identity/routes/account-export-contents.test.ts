/**
 * A member's export, read file by file as the member would: every field the store holds about
 * them, with its value, and nothing of anyone else's. A field missing, renamed or filled with
 * another member's data is a failed promise of the security page ("everything we hold").
 */
import { createHash } from "node:crypto";
import { unzipSync } from "fflate";
import { afterEach, beforeEach, expect, test } from "vitest";
import {
  createFilesKit,
  type FilesKit,
  PDF_BYTES,
  PNG_BYTES,
} from "../../main/test-kit/files-kit.ts";
import { membersOnlyCollection } from "../../main/test-kit/member-browser.ts";
import { createIdentityStore } from "../storage/identity-store.ts";
import { createPasskeysStore } from "../storage/passkeys-store.ts";

const FAY = "fay@example.com";
const GUS = "gus@example.com";
const HOUR = 3_600_000;
let k: FilesKit;

beforeEach(async () => {
  k = await createFilesKit();
  membersOnlyCollection(k);
});
afterEach(() => k.close());

const iso = (ms: number) => new Date(ms).toISOString();

async function exportOf(token: string) {
  const response = await k.app.inject({
    method: "GET",
    url: "/_api/account/v1/export",
    headers: { host: "store.test", authorization: token },
  });
  expect(response.statusCode).toBe(200);
  const files = unzipSync(new Uint8Array(response.rawPayload));
  const text = (name: string) => new TextDecoder().decode(files[name]);
  return {
    headers: response.headers,
    names: Object.keys(files).sort(),
    text,
    json: (name: string) => JSON.parse(text(name)) as unknown,
  };
}

test("the archive is a dated zip download with a README naming each file it holds", async () => {
  const fay = await k.signedInMember(FAY);
  const archive = await exportOf(fay.token);
  expect(archive.headers["content-type"]).toBe("application/zip");
  expect(archive.headers["content-disposition"]).toBe(
    `attachment; filename="account-${iso(k.clock.ms).slice(0, 10)}.zip"`,
  );
  const held = [
    "bookings.json",
    "files.json",
    "items.json",
    "mails.json",
    "passkeys.json",
    "profile.json",
    "sessions.json",
    "sign-ins.json",
  ];
  expect(archive.names).toEqual(["README.txt", ...held]);
  for (const name of held) expect(archive.text("README.txt")).toContain(name);
});

test("profile.json holds the account's fields and dates, and says whether two-step is on", async () => {
  const signedUpAt = k.clock.ms;
  const fay = await k.signedInMember(FAY);
  const identities = createIdentityStore(k.db);
  k.clock.ms += HOUR;
  identities.setProfile(fay.id, { nickname: "Fay" }, k.clock.ms);
  const row = identities.byId(fay.id);

  expect((await exportOf(fay.token)).json("profile.json")).toEqual({
    id: fay.id,
    email: FAY,
    emailVerified: row?.emailVerified,
    status: "ACTIVE",
    profile: { nickname: "Fay" },
    twoStepVerification: false,
    createdAt: iso(signedUpAt),
    updatedAt: iso(signedUpAt + HOUR),
    lastSignInAt: iso(row?.lastSignInAt ?? Number.NaN),
    exportedAt: iso(k.clock.ms),
  });

  identities.setTotp(fay.id, "a sealed key", k.clock.ms);
  expect((await exportOf(fay.token)).json("profile.json")).toMatchObject({
    twoStepVerification: true,
  });
});

test("items, sessions, sign-ins and mails are the member's own, with their values", async () => {
  const fay = await k.signedInMember(FAY);
  const gus = await k.signedInMember(GUS);
  const at = k.clock.ms;
  k.store.insert("MembersOnly", { _id: "fay-note", title: "mine" }, { now: at, ownerId: fay.id });
  k.store.insert("MembersOnly", { _id: "gus-note", title: "his" }, { now: at, ownerId: gus.id });
  const mail = k.db.prepare(
    "INSERT INTO mail_outbox (recipient, subject, body, created_at) VALUES (?, ?, ?, ?)",
  );
  mail.run(FAY, "Your documents are ready", "…", at + 5);
  mail.run(GUS, "Not for Fay", "…", at + 6);

  const archive = await exportOf(fay.token);
  expect(archive.json("items.json")).toEqual([
    {
      collectionId: "MembersOnly",
      id: "fay-note",
      data: expect.objectContaining({ title: "mine" }),
    },
  ]);
  expect(archive.json("mails.json")).toEqual([
    { subject: "Your documents are ready", at: iso(at + 5) },
  ]);
  expect(archive.json("sign-ins.json")).toEqual([
    expect.objectContaining({ outcome: "success", method: "password" }),
  ]);
  const sessions = archive.json("sessions.json") as Record<string, unknown>[];
  expect(sessions).toHaveLength(1);
  // The list of the security page, without its "this device" mark: an archive has no device.
  expect(Object.keys(sessions[0] ?? {}).sort()).toEqual([
    "address",
    "device",
    "id",
    "lastUsedAt",
    "startedAt",
  ]);
});

test("passkeys.json holds each passkey's name, public key and dates, never a counter", async () => {
  const fay = await k.signedInMember(FAY);
  const passkeys = createPasskeysStore(k.db);
  const addedAt = k.clock.ms;
  const passkey = {
    credentialId: "cred-fay",
    identityId: fay.id,
    name: "Fay's laptop",
    publicKey: "pQECAyYgASFYIA",
    counter: 7,
    transports: ["internal"],
  };
  passkeys.insert(passkey, addedAt);
  passkeys.insert({ ...passkey, credentialId: "cred-unused", name: "Spare key" }, addedAt);
  passkeys.recordUse("cred-fay", 8, addedAt + HOUR);

  const listed = (await exportOf(fay.token)).json("passkeys.json") as unknown[];
  expect(listed).toHaveLength(2);
  expect(listed).toEqual(
    expect.arrayContaining([
      {
        name: "Fay's laptop",
        credentialId: "cred-fay",
        publicKey: "pQECAyYgASFYIA",
        createdAt: iso(addedAt),
        lastUsedAt: iso(addedAt + HOUR),
      },
      {
        name: "Spare key",
        credentialId: "cred-unused",
        publicKey: "pQECAyYgASFYIA",
        createdAt: iso(addedAt),
        lastUsedAt: null,
      },
    ]),
  );
});

test("files.json names the files shared with the member and those they sent, with every date", async () => {
  const fay = await k.signedInMember(FAY);
  const sentAt = k.clock.ms;
  expect((await k.upload(fay.token, "signed-contract.pdf", PDF_BYTES)).statusCode).toBe(200);
  const mine = (await k.upload(k.apiKey, "floor-plan.png", PNG_BYTES)).json().file as {
    id: string;
  };
  k.clock.ms += HOUR;
  const sharedAt = k.clock.ms;
  const expiresAt = iso(sharedAt + 24 * HOUR);
  await k.share({
    fileIds: [mine.id],
    memberIds: [fay.id],
    folder: "Plans",
    note: "Ground floor",
    expiresAt,
  });
  k.clock.ms += HOUR;
  expect((await k.download(mine.id, fay.token)).statusCode).toBe(200);

  expect((await exportOf(fay.token)).json("files.json")).toEqual({
    sharedWithYou: [
      {
        name: "floor-plan.png",
        type: "image/png",
        size: PNG_BYTES.length,
        folder: "Plans",
        note: "Ground floor",
        sharedAt: iso(sharedAt),
        expiresAt,
        firstOpenedAt: iso(sharedAt + HOUR),
      },
    ],
    sentByYou: [
      {
        name: "signed-contract.pdf",
        type: "application/pdf",
        size: PDF_BYTES.length,
        sha256: createHash("sha256").update(PDF_BYTES).digest("hex"),
        sentAt: iso(sentAt),
      },
    ],
  });
});
