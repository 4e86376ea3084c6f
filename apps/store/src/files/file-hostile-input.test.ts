/**
 * Hostile input on the private files' routes: bad share bodies, names built to break
 * out of a header or the files' folder, ids that walk the disk; each answers a 4xx in the
 * protocol's shape and changes nothing (no row, no byte on disk, no mail).
 */
import { readdirSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createFilesKit, type FilesKit, ownerFile, PDF_BYTES } from "../main/test-kit/files-kit.ts";

let k: FilesKit;
const ZIP_BYTES = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0]);
let ada: { id: string; token: string };
let fileId = "";

const TABLES = [
  ["files", "id"],
  ["file_shares", "id"],
  ["file_share_files", "share_id, file_id"],
  ["file_share_members", "share_id, member_id"],
  ["file_receipts", "file_id, member_id"],
  ["mail_outbox", "id"],
];
const snapshot = () => [
  ...TABLES.map(([table, key]) => k.db.prepare(`SELECT * FROM ${table} ORDER BY ${key}`).all()),
  readdirSync(k.filesDir).sort(),
];

beforeAll(async () => {
  k = await createFilesKit();
  ada = await k.signedInMember("ada@example.com");
  fileId = await ownerFile(k, "kept.pdf");
});
afterAll(() => k.close());

const BAD_SHARES: [string, unknown][] = [
  ["no body fields", {}],
  ["fileIds not a list", { fileIds: "abc", allMembers: true }],
  ["fileIds of numbers", { fileIds: [1, 2], allMembers: true }],
  ["an id of 10000 characters", { fileIds: ["a".repeat(10_000)], allMembers: true }],
  ["101 files", { fileIds: Array.from({ length: 101 }, (_, i) => `f${i}`), allMembers: true }],
  ["no one to share with", { fileIds: ["FILE"] }],
  ["allMembers as text", { fileIds: ["FILE"], allMembers: "yes" }],
  ["expiresAt not a date", { fileIds: ["FILE"], allMembers: true, expiresAt: "tomorrow" }],
  ["expiresAt a number", { fileIds: ["FILE"], allMembers: true, expiresAt: 123 }],
  ["a note of 2001 characters", { fileIds: ["FILE"], allMembers: true, note: "x".repeat(2001) }],
  ["a folder object", { fileIds: ["FILE"], allMembers: true, folder: { $ne: "" } }],
  ["an unknown file", { fileIds: ["0".repeat(32)], allMembers: true }],
  ["an SQL-ish id", { fileIds: ["' OR 1=1 --"], allMembers: true }],
  ["a member that is the owner", { fileIds: ["FILE"], memberIds: ["owner"] }],
];

describe("hostile share bodies", () => {
  test.each(BAD_SHARES)("%s -> 4xx, nothing written", async (_name, body) => {
    const before = snapshot();
    const payload = JSON.parse(JSON.stringify(body).replaceAll('"FILE"', JSON.stringify(fileId)));
    const response = await k.share(payload);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json().message).toEqual(expect.any(String));
    expect(snapshot()).toEqual(before);
  });

  test("malformed JSON and a __proto__ key write nothing", async () => {
    const before = snapshot();
    const malformed = await k.app.inject({
      method: "POST",
      url: "/files/v1/shares",
      headers: { authorization: k.apiKey, "content-type": "application/json" },
      payload: '{"fileIds": [',
    });
    expect(malformed.statusCode).toBe(400);
    const proto = await k.app.inject({
      method: "POST",
      url: "/files/v1/shares",
      headers: { authorization: k.apiKey, "content-type": "application/json" },
      payload: '{"__proto__": {"allMembers": true}, "fileIds": []}',
    });
    expect(proto.statusCode).toBe(400);
    expect(snapshot()).toEqual(before);
  });
});

const BAD_NAMES: [string, string][] = [
  ["no extension", "README"],
  ["a dot only", "."],
  ["an executable", "setup.exe"],
  ["a double extension ending in html", "report.pdf.html"],
  ["an SVG (scripts in pictures)", "logo.svg"],
  ["201 characters", `${"a".repeat(197)}.pdf`],
  ["only a path", "../../"],
  ["a NUL byte only", "\u0000"],
];

describe("hostile upload names", () => {
  test.each(BAD_NAMES)("%s -> 4xx, nothing kept", async (_name, name) => {
    const before = snapshot();
    const response = await k.upload(ada.token, name, PDF_BYTES);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(snapshot()).toEqual(before);
  });

  test.each([
    ["a right-to-left override", "invoice\u202Efdp.zip", "invoicefdp.zip"],
    ["isolates and marks", "\u2067report\u2069\u200F\u061C.pdf", "report.pdf"],
    ["embeddings", "\u202Aplan\u202B\u202C.pdf", "plan.pdf"],
  ])("a client file name disguised with %s keeps no bidi control", async (_name, raw, shown) => {
    const upload = await k.upload(ada.token, raw, raw.endsWith(".zip") ? ZIP_BYTES : PDF_BYTES);
    expect(upload.statusCode).toBe(200);
    expect(upload.json().file.name).toBe(shown);
    const listed = (await k.list(k.apiKey))
      .json()
      .uploads.map((file: { name: string }) => file.name);
    expect(listed).toContain(shown);
  });

  test("a name with CR LF, quotes and right-to-left marks cannot break the download's headers", async () => {
    const name = 'evil"\r\nSet-Cookie: a=b;\u202Efdp.exe.pdf';
    const uploaded = await k.upload(ada.token, name, PDF_BYTES);
    expect(uploaded.statusCode).toBe(200);
    const stored = uploaded.json().file;
    expect(stored.name).not.toMatch(/[\r\n]/);
    const response = await k.download(stored.id, ada.token);
    expect(response.headers["set-cookie"]).toBeUndefined();
    const disposition = String(response.headers["content-disposition"]);
    expect(disposition).toMatch(
      /^attachment; filename="[\x20-\x7e]*"; filename\*=UTF-8''[\x21-\x7e]+$/,
    );
    expect(disposition).not.toContain('evil"S');
  });
});

const BAD_IDS = [
  "..%2F..%2Fstore.db",
  "..%2Ffiles",
  "%2E%2E",
  `${"f".repeat(31)}g`,
  "0".repeat(1000),
  "'%20OR%201%3D1",
  "%00",
];

describe("hostile file ids", () => {
  test.each(BAD_IDS)("GET content of %s -> 404 for the owner too", async (id) => {
    const response = await k.app.inject({
      method: "GET",
      url: `/files/v1/files/${id}/content`,
      headers: { authorization: k.apiKey },
    });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain("SQLite");
  });

  test.each(BAD_IDS)("DELETE share %s -> 404, nothing changed", async (id) => {
    const before = snapshot();
    const response = await k.app.inject({
      method: "DELETE",
      url: `/files/v1/shares/${id}`,
      headers: { authorization: k.apiKey },
    });
    expect(response.statusCode).toBe(404);
    expect(snapshot()).toEqual(before);
  });
});
