/**
 * The client area on the store's own page, as a signed-in client's browser sees it: the greeting
 * by name, the resources shared with them (never another client's), the owner's files with a
 * download that needs the page's token, a file sent back, and the old addresses redirecting;
 * a signed-out visitor is sent to sign in.
 */
import { afterEach, beforeEach, expect, test } from "vitest";
import {
  createFilesKit,
  type FilesKit,
  ownerFile,
  PDF_BYTES,
} from "../../main/test-kit/files-kit.ts";
import { createMemberBrowser, type MemberBrowser } from "../../main/test-kit/member-browser.ts";
import { readPage } from "../../main/test-kit/page-reader.ts";

let k: FilesKit;
let browser: MemberBrowser;
let adaId: string;
beforeEach(async () => {
  k = await createFilesKit();
  adaId = await k.signUp("ada@example.com");
  const bobId = await k.signUp("bob@example.com");
  k.db
    .prepare("UPDATE identities SET profile = ? WHERE id = ?")
    .run(JSON.stringify({ firstName: "Ada Lovelace" }), adaId);
  k.insert("ClientResources", [
    {
      _id: "for-ada",
      title: "Ada's plan",
      text: "Read it first",
      url: "https://plan.example/",
      memberId: adaId,
    },
    { _id: "for-bob", title: "Bob's plan", text: "", url: "", memberId: bobId },
    { _id: "bad-link", title: "Odd link", text: "", url: "javascript:alert(1)", memberId: adaId },
  ]);
  browser = createMemberBrowser(k);
  await browser.signIn("ada@example.com");
});
afterEach(() => k.close());

const csrfOf = (body: string) => /data-csrf="([^"]+)"/.exec(body)?.[1] ?? "";

test("signing in lands in the client area, which greets the client by name and lists only their resources", async () => {
  const signedIn = await createMemberBrowser(k).signIn("ada@example.com");
  expect(signedIn.headers.location).toBe("/members/client-area");
  const page = await browser.get("/members/client-area");
  const read = readPage(page.body);
  expect(read.h1).toBe("Welcome, Ada Lovelace");
  expect(read.lists?.["Resources shared with you"]).toEqual([
    "Ada's plan New Read it first https://plan.example/ (opens in a new tab)",
    "Odd link New javascript:alert(1)",
  ]);
  expect(page.body).not.toContain("Bob's plan");
  expect(page.body).not.toContain('href="javascript:');
  // A second visit marks nothing new that the owner has not changed since.
  const again = readPage((await browser.get("/members/client-area")).body);
  expect(again.text).toContain("Nothing new since your last visit.");
});

test("a file shared with the client downloads with the page's token, and not without it", async () => {
  const fileId = await ownerFile(k, "plan.pdf");
  await k.share({ fileIds: [fileId], memberIds: [adaId], folder: "Plans" });
  const page = await browser.get("/members/client-area");
  expect(readPage(page.body).lists?.Plans?.[0]).toMatch(/^plan\.pdf New/);
  const csrf = csrfOf(page.body);
  const download = await browser.get(`/members/client-area/files/${fileId}?csrf=${csrf}`);
  expect(download.statusCode).toBe(200);
  expect(download.headers["content-disposition"]).toMatch(/^attachment; filename="plan.pdf"/);
  expect(download.rawPayload.equals(PDF_BYTES)).toBe(true);
  const forged = await browser.get(`/members/client-area/files/${fileId}`);
  expect(forged.statusCode).toBe(403);
  const stranger = await createMemberBrowser(k).get(
    `/members/client-area/files/${fileId}?csrf=${csrf}`,
  );
  expect(stranger.statusCode).toBe(403);
});

test("a download link from before a sign-out, opened in the browser, leads back to the client area", async () => {
  const fileId = await ownerFile(k, "plan.pdf");
  await k.share({ fileIds: [fileId], memberIds: [adaId], folder: "Plans" });
  const csrf = csrfOf((await browser.get("/members/client-area")).body);
  const stale = await k.app.inject({
    method: "GET",
    url: `/members/client-area/files/${fileId}?csrf=${csrf}`,
    headers: { host: "store.test", "sec-fetch-mode": "navigate" },
  });
  expect([stale.statusCode, stale.headers.location]).toEqual([303, "/members/client-area"]);
  expect(stale.body).not.toContain("plan");
});

test("a file sent from the client area reaches the owner, and only with the page's token", async () => {
  const page = await browser.get("/members/client-area");
  const send = (headers: Record<string, string>) =>
    k.app.inject({
      method: "POST",
      url: "/members/client-area/files?name=brief.pdf",
      headers: {
        host: "store.test",
        cookie: browser.cookie(),
        "content-type": "application/octet-stream",
        ...headers,
      },
      payload: PDF_BYTES,
    });
  expect((await send({})).statusCode).toBe(403);
  const sent = await send({ "x-csrf": csrfOf(page.body) });
  expect(sent.statusCode).toBe(200);
  const { id } = (sent.json() as { file: { id: string } }).file;
  const after = readPage((await browser.get(`/members/client-area?sent=${id}`)).body);
  expect(after.notice).toBe("brief.pdf was sent to the owner.");
  expect(after.lists?.["Files you sent"]?.[0]).toMatch(/^You sent brief\.pdf \(/);
});

test("a signed-out visitor is sent to sign in; the old addresses lead to the new pages", async () => {
  const visitor = createMemberBrowser(k);
  const signedOut = await visitor.get("/members/client-area");
  expect(signedOut.statusCode).toBe(303);
  expect(signedOut.headers.location).toBe("/members/sign-in");
  for (const [from, to] of [
    ["/client-area", "/members/client-area"],
    ["/account", "/members/account"],
  ]) {
    const old = await visitor.get(from ?? "");
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe(to);
  }
});

test("every page a signed-in client reaches wears the owner's logo (both schemes) and name, no other picture", async () => {
  k.insert("Pictures", [
    { _id: "logo", slot: "logo", alt: "", src: "/media/owner.png", width: 64, height: 64 },
    {
      _id: "logo-dark",
      slot: "logo-dark",
      alt: "",
      src: "/media/owner-dark.png",
      width: 64,
      height: 64,
    },
  ]);
  k.insert("SiteSettings", [{ _id: "site", name: "Ana Smith" }]);
  for (const path of ["/members/client-area", "/members/account", "/members/sign-in"]) {
    const body = (await browser.get(path)).body;
    const images = [...body.matchAll(/<img src="([^"]+)"/g)].map((match) => match[1]);
    expect({ path, images }).toEqual({
      path,
      images: ["/media/owner.png", "/media/owner-dark.png"],
    });
    expect(body).toContain('<a class="site-name" href="/">');
    expect(body).toContain("<span>Ana Smith</span>");
  }
});
