/**
 * Uploads of private files: types are read from the bytes, so a `.pdf` holding HTML
 * is refused; the size limit holds whatever the request declares; nothing refused stays on
 * disk; a client's upload reaches the owner's overview and mailbox; a member's deletion takes
 * their files' rows with it.
 */
import { readdirSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createIdentityStore } from "../identity/storage/identity-store.ts";
import { UPLOADS_PER_HOUR } from "../main/app.ts";
import { codeOf } from "../main/test-kit/api.ts";
import {
  createFilesKit,
  type FilesKit,
  HTML_BYTES,
  KIT_MAX_BYTES,
  OWNER_EMAIL,
  PDF_BYTES,
  PNG_BYTES,
} from "../main/test-kit/files-kit.ts";

let k: FilesKit;
let ada: { id: string; token: string };

beforeAll(async () => {
  k = await createFilesKit();
  ada = await k.signedInMember("ada@example.com");
});
afterAll(() => k.close());

const storedNames = () => readdirSync(k.filesDir);

describe("an upload whose bytes are not what its name says", () => {
  test("a .pdf holding HTML is refused with a message saying so, and nothing is kept", async () => {
    const before = storedNames();
    const response = await k.upload(ada.token, "invoice.pdf", HTML_BYTES);
    expect(response.statusCode).toBe(415);
    expect(codeOf(response)).toBe("FILE_TYPE_MISMATCH");
    expect(response.json().message).toBe(
      "[invoice.pdf] is not what its name says: its contents are not a PDF. Nothing was stored; upload the real file.",
    );
    expect(storedNames()).toEqual(before);
  });

  test("a PNG named .jpg is refused too, the owner's as well as a client's", async () => {
    const response = await k.upload(k.apiKey, "photo.jpg", PNG_BYTES);
    expect(codeOf(response)).toBe("FILE_TYPE_MISMATCH");
  });

  test("an .html or a nameless file is refused before its body is read", async () => {
    const html = await k.upload(ada.token, "page.html", HTML_BYTES);
    expect(html.statusCode).toBe(415);
    expect(codeOf(html)).toBe("FILE_TYPE_NOT_ALLOWED");
    const nameless = await k.upload(ada.token, "", PDF_BYTES);
    expect(codeOf(nameless)).toBe("FILE_NAME_INVALID");
  });

  test("a path in the name keeps only its last part", async () => {
    const response = await k.upload(ada.token, "../../etc/notes.pdf", PDF_BYTES);
    expect(response.json().file.name).toBe("notes.pdf");
  });
});

describe("the size limit", () => {
  const big = Buffer.concat([PDF_BYTES, Buffer.alloc(KIT_MAX_BYTES)]);

  test("a declared length over the limit is refused before the body is read", async () => {
    const response = await k.upload(ada.token, "big.pdf", big);
    expect(response.statusCode).toBe(413);
    expect(codeOf(response)).toBe("FILE_TOO_LARGE");
    expect(response.json().message).toBe("A file may be at most 1.0 MB. Upload a smaller file.");
  });

  test("a chunked body that lies by omission is cut off at the limit, nothing kept", async () => {
    const before = storedNames();
    const address = await k.app.listen({ port: 0, host: "127.0.0.1" });
    const response = await new Promise<{ statusCode: number }>((resolve, reject) => {
      const request = httpRequest(`${address}/files/v1/files?name=big.pdf`, {
        method: "POST",
        headers: { authorization: ada.token, "content-type": "application/pdf" },
      });
      request.on("response", (answer) => {
        answer.resume();
        resolve({ statusCode: answer.statusCode ?? 0 });
      });
      request.on("error", reject);
      // No Content-Length: the body arrives chunked, its size unknown until it is read.
      request.write(big.subarray(0, 600_000));
      request.end(big.subarray(600_000));
    });
    expect(response.statusCode).toBe(413);
    expect(storedNames()).toEqual(before);
  });

  test("a file of exactly the limit is taken", async () => {
    const exact = Buffer.concat([PDF_BYTES, Buffer.alloc(KIT_MAX_BYTES - PDF_BYTES.length)]);
    const response = await k.upload(ada.token, "exact.pdf", exact);
    expect(response.statusCode).toBe(200);
    expect(response.json().file.size).toBe(KIT_MAX_BYTES);
  });
});

describe("a client's upload", () => {
  test("reaches the owner's overview under that client, and the owner's mailbox", async () => {
    const bea = await k.signedInMember("bea@example.com");
    const mails = k.outbox(OWNER_EMAIL).length;
    const response = await k.upload(bea.token, "signed contract.pdf", PDF_BYTES);
    expect(response.statusCode).toBe(200);
    const file = response.json().file;
    const overview = (await k.list(k.apiKey)).json();
    expect(overview.uploads).toContainEqual(
      expect.objectContaining({ id: file.id, name: "signed contract.pdf", uploadedBy: bea.id }),
    );
    let mail = await k.mailsAfter(OWNER_EMAIL, mails);
    // Another client's digest may come first.
    for (let i = 0; i < 3 && !mail.some((m) => m.subject.includes("bea@")); i++) {
      mail = await k.mailsAfter(OWNER_EMAIL, mails + mail.length);
    }
    const beas = k.outbox(OWNER_EMAIL).filter((m) => m.subject.includes("bea@"));
    expect(beas.map((m) => m.subject)).toEqual(["New file from bea@example.com"]);
    expect(beas[0]?.body).toContain("signed contract.pdf");
    const owner = await k.download(file.id, k.apiKey);
    expect(owner.rawPayload.equals(PDF_BYTES)).toBe(true);
    expect((await k.download(file.id, bea.token)).statusCode).toBe(200);
    expect((await k.list(bea.token)).json().uploads).toContainEqual(
      expect.objectContaining({ id: file.id }),
    );
  });

  test("many uploads from one client are limited per hour, counted before the body", async () => {
    const eve = await k.signedInMember("eve@example.com");
    for (let index = 0; index < UPLOADS_PER_HOUR; index += 1) {
      await k.upload(eve.token, "x.html", HTML_BYTES);
    }
    const refused = await k.upload(eve.token, "ok.pdf", PDF_BYTES);
    expect(refused.statusCode).toBe(429);
    expect(codeOf(refused)).toBe("FILE_UPLOADS_LIMITED");
  });
});

describe("deleting a member", () => {
  test("removes their uploads' rows, their places in shares and their receipts", async () => {
    const dan = await k.signedInMember("dan@example.com");
    const upload = (await k.upload(dan.token, "dan.pdf", PDF_BYTES)).json().file;
    const identities = createIdentityStore(k.db);
    identities.remove(dan.id);
    expect((await k.download(upload.id, k.apiKey)).statusCode).toBe(404);
    const rows = k.db
      .prepare<[string], { n: number }>(
        "SELECT count(*) AS n FROM file_share_members WHERE member_id = ?",
      )
      .get(dan.id);
    expect(Number(rows?.n)).toBe(0);
  });
});

describe("a member's export", () => {
  test("names the files shared with them and the files they sent", async () => {
    const fay = await k.signedInMember("fay@example.com");
    const sent = (await k.upload(fay.token, "signed-contract.pdf", PDF_BYTES)).json().file;
    const mine = (await k.upload(k.apiKey, "proposal.pdf", PDF_BYTES)).json().file;
    await k.share({ fileIds: [mine.id], memberIds: [fay.id], note: "Draft for review" });
    const response = await k.app.inject({
      method: "GET",
      url: "/_api/account/v1/export",
      headers: { host: "store.test", authorization: fay.token },
    });
    const archive = unzipSync(new Uint8Array(response.rawPayload));
    const files = JSON.parse(new TextDecoder().decode(archive["files.json"])) as {
      sharedWithYou: { name: string; note: string }[];
      sentByYou: { name: string; size: number; sha256: string }[];
    };
    expect(files.sharedWithYou).toEqual([
      expect.objectContaining({ name: "proposal.pdf", note: "Draft for review" }),
    ]);
    expect(files.sentByYou).toEqual([
      expect.objectContaining({ name: "signed-contract.pdf", size: sent.size }),
    ]);
  });
});
