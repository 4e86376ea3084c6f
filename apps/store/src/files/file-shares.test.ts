/**
 * Private files shared by the owner: only the members a share names (and the owner)
 * download them, as attachments that no cache keeps; everyone else gets the same 404 as for a
 * file that does not exist; an expired share answers 410, a revoked one 404 at once.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { codeOf } from "../main/test-kit/api.ts";
import {
  createFilesKit,
  type FilesKit,
  OWNER_EMAIL,
  ownerFile,
  PDF_BYTES,
} from "../main/test-kit/files-kit.ts";

let k: FilesKit;
let ada: { id: string; token: string };
let bob: { id: string; token: string };

beforeAll(async () => {
  k = await createFilesKit();
  ada = await k.signedInMember("ada@example.com");
  bob = await k.signedInMember("bob@example.com");
});
afterAll(() => k.close());

describe("a file shared with one client", () => {
  let fileId: string;
  let shareId: string;
  beforeAll(async () => {
    fileId = await ownerFile(k, "Ada's plan.pdf");
    const shared = await k.share({
      fileIds: [fileId],
      memberIds: [ada.id],
      folder: "Plans",
      note: "Read before Monday",
    });
    expect(shared.statusCode).toBe(200);
    shareId = shared.json().share.id;
  });

  test("is listed for that client, named, in its folder, with the note, as new", async () => {
    const list = (await k.list(ada.token)).json();
    expect(list.files).toEqual([
      expect.objectContaining({
        id: fileId,
        name: "Ada's plan.pdf",
        folder: "Plans",
        note: "Read before Monday",
        new: true,
        expired: false,
      }),
    ]);
  });

  test("downloads for that client as an attachment of its stored type that no cache keeps", async () => {
    const response = await k.download(fileId, ada.token);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(PDF_BYTES)).toBe(true);
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.headers["content-disposition"]).toBe(
      `attachment; filename="Ada's plan.pdf"; filename*=UTF-8''Ada's%20plan.pdf`,
    );
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["cache-control"]).toBe("private, no-store");
  });

  test("is no longer new once opened, and the owner sees when the client first opened it", async () => {
    const firstOpen = k.clock.ms;
    k.clock.ms += 60_000;
    await k.download(fileId, ada.token);
    const list = (await k.list(ada.token)).json();
    expect(list.files[0]).toMatchObject({ new: false, firstOpenedAt: firstOpen });
    const overview = (await k.list(k.apiKey)).json();
    const share = overview.shares.find((s: { id: string }) => s.id === shareId);
    expect(share.receipts).toEqual([{ fileId, memberId: ada.id, firstOpenedAt: firstOpen }]);
  });

  test("another client gets the same 404 as a file that does not exist, and no name", async () => {
    const theirs = await k.download(fileId, bob.token);
    const missing = await k.download("0".repeat(32), bob.token);
    expect(theirs.statusCode).toBe(404);
    expect(codeOf(theirs)).toBe("FILE_NOT_FOUND");
    expect(theirs.body).not.toContain("plan");
    expect(theirs.body.replaceAll(fileId, "X")).toBe(missing.body.replaceAll("0".repeat(32), "X"));
    expect((await k.list(bob.token)).json().files).toEqual([]);
  });

  test("a visitor, with a visitor token or none, gets 404", async () => {
    expect((await k.download(fileId)).statusCode).toBe(404);
    expect((await k.download(fileId, await k.token())).statusCode).toBe(404);
  });

  test("a forged token is refused before any file is looked up", async () => {
    expect((await k.download(fileId, `${ada.token}x`)).statusCode).toBe(401);
  });

  test("the client's token kept after signing out no longer downloads it", async () => {
    const carl = await k.signedInMember("carl@example.com");
    const id = await ownerFile(k, "carl.pdf");
    await k.share({ fileIds: [id], memberIds: [carl.id] });
    expect((await k.download(id, carl.token)).statusCode).toBe(200);
    // What sign-out does to the member's session record; the kept token must stop working.
    k.db.prepare("UPDATE sessions SET ended_at = ? WHERE identity_id = ?").run(k.clock.ms, carl.id);
    expect((await k.download(id, carl.token)).statusCode).toBe(401);
  });

  test("revoking the share answers 404 at once", async () => {
    const id = await ownerFile(k, "revoked.pdf");
    const share = (await k.share({ fileIds: [id], memberIds: [ada.id] })).json().share;
    expect((await k.download(id, ada.token)).statusCode).toBe(200);
    const revoked = await k.app.inject({
      method: "DELETE",
      url: `/files/v1/shares/${share.id}`,
      headers: { authorization: k.apiKey },
    });
    expect(revoked.statusCode).toBe(200);
    expect((await k.download(id, ada.token)).statusCode).toBe(404);
    expect((await k.list(ada.token)).json().files.map((f: { id: string }) => f.id)).not.toContain(
      id,
    );
  });
});

describe("a share with an expiry", () => {
  test("answers 410 once the expiry has passed, and 404 to others all along", async () => {
    const id = await ownerFile(k, "brief.pdf");
    const expiresAt = new Date(k.clock.ms + 3_600_000).toISOString();
    await k.share({ fileIds: [id], memberIds: [ada.id], expiresAt });
    expect((await k.download(id, ada.token)).statusCode).toBe(200);
    k.clock.ms += 3_600_001;
    const expired = await k.download(id, ada.token);
    expect(expired.statusCode).toBe(410);
    expect(codeOf(expired)).toBe("FILE_EXPIRED");
    expect((await k.download(id, bob.token)).statusCode).toBe(404);
    expect((await k.list(ada.token)).json().files).toContainEqual(
      expect.objectContaining({ id, expired: true }),
    );
  });
});

describe("a share with all clients", () => {
  test("reaches every client, each told by one mail for the whole batch", async () => {
    const first = await ownerFile(k, "one.pdf");
    const second = await ownerFile(k, "two.pdf");
    const adaMails = k.outbox("ada@example.com").length;
    const shared = await k.share({ fileIds: [first, second], allMembers: true, note: "Hello" });
    expect(shared.statusCode).toBe(200);
    for (const member of [ada, bob]) {
      expect((await k.download(second, member.token)).statusCode).toBe(200);
    }
    const mails = k.outbox("ada@example.com").slice(adaMails);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe("Files were shared with you");
    expect(mails[0]?.body).toContain("- one.pdf\n- two.pdf");
    expect(mails[0]?.body).toContain("http://store.test/members/client-area");
    expect(k.outbox(OWNER_EMAIL).filter((m) => m.subject.includes("shared"))).toEqual([]);
  });
});

describe("who may share", () => {
  test("a member cannot share, revoke or read the owner's overview", async () => {
    const id = await ownerFile(k, "mine.pdf");
    const share = await k.share({ fileIds: [id], memberIds: [ada.id] }, ada.token);
    expect(share.statusCode).toBe(403);
    const overview = (await k.list(ada.token)).json();
    expect(overview.shares).toBeUndefined();
    expect(overview.members).toBeUndefined();
  });

  test("a visitor cannot upload or list", async () => {
    const visitor = await k.token();
    expect((await k.upload(visitor, "x.pdf", PDF_BYTES)).statusCode).toBe(403);
    expect((await k.list(visitor)).statusCode).toBe(403);
  });

  test("sharing a member's upload or an unknown client is refused", async () => {
    const upload = await k.upload(ada.token, "ada.pdf", PDF_BYTES);
    const adaFile = upload.json().file.id;
    expect((await k.share({ fileIds: [adaFile], memberIds: [bob.id] })).statusCode).toBe(404);
    const id = await ownerFile(k, "x.pdf");
    expect((await k.share({ fileIds: [id], memberIds: ["nobody"] })).statusCode).toBe(404);
    expect((await k.download(adaFile, bob.token)).statusCode).toBe(404);
  });
});
