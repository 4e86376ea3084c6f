/**
 * Sending a file from the client area without JavaScript: the page's own form posts the file
 * (`multipart/form-data`, the page's token first), and the store keeps it as it keeps an upload;
 * a form from anywhere else, a link's words and a form that is not one file change nothing.
 */
import { readdirSync } from "node:fs";
import { connect } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, beforeEach, expect, test } from "vitest";
import {
  createFilesKit,
  type FilesKit,
  KIT_MAX_BYTES,
  PDF_BYTES,
} from "../../main/test-kit/files-kit.ts";
import { createMemberBrowser, type MemberBrowser } from "../../main/test-kit/member-browser.ts";
import { readPage } from "../../main/test-kit/page-reader.ts";

let k: FilesKit;
let ada: MemberBrowser;
let bob: MemberBrowser;
beforeEach(async () => {
  k = await createFilesKit();
  await k.signUp("ada@example.com");
  await k.signUp("bob@example.com");
  ada = createMemberBrowser(k);
  await ada.signIn("ada@example.com");
  bob = createMemberBrowser(k);
  await bob.signIn("bob@example.com");
});
afterEach(() => k.close());

type Part = { name: string; value: string } | { name: string; file: string; bytes: Buffer };

/** A form's body as a browser encodes it (`multipart/form-data`). */
function multipart(parts: Part[]) {
  const boundary = "----formBoundary7MA4YWxkTrZu0gW";
  const chunks = parts.flatMap((part) =>
    "file" in part
      ? [
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.file}"\r\nContent-Type: application/pdf\r\n\r\n`,
          part.bytes,
          "\r\n",
        ]
      : [
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`,
        ],
  );
  return {
    payload: Buffer.concat(
      [...chunks, `--${boundary}--\r\n`].map((chunk) =>
        typeof chunk === "string" ? Buffer.from(chunk) : chunk,
      ),
    ),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

async function pageToken(browser: MemberBrowser): Promise<string> {
  const page = await browser.get("/members/client-area");
  return /<input type="hidden" name="csrf" value="([^"]+)">/.exec(page.body)?.[1] ?? "";
}

function postForm(browser: MemberBrowser | null, parts: Part[]) {
  const { payload, contentType } = multipart(parts);
  return k.app.inject({
    method: "POST",
    url: "/members/client-area/send",
    headers: {
      host: "store.test",
      "content-type": contentType,
      ...(browser === null ? {} : { cookie: browser.cookie() }),
    },
    payload,
  });
}

const sentList = async (browser: MemberBrowser) =>
  readPage((await browser.get("/members/client-area")).body).lists?.["Files you sent"] ?? [];

test("a client without JavaScript sends a file with the page's form: it is kept and the page names it", async () => {
  const csrf = await pageToken(ada);
  const sent = await postForm(ada, [
    { name: "csrf", value: csrf },
    { name: "file", file: "brief.pdf", bytes: PDF_BYTES },
  ]);
  expect(sent.statusCode).toBe(303);
  const location = String(sent.headers.location);
  expect(location).toMatch(/^\/members\/client-area\?sent=[\w-]+$/);
  const after = readPage((await ada.get(location)).body);
  expect(after.notice).toBe("brief.pdf was sent to the owner.");
  expect(after.lists?.["Files you sent"]?.[0]).toMatch(/^You sent brief\.pdf \(/);
});

test("a file's name keeps its accents as the browser sends them (UTF-8), and loses a right-to-left override", async () => {
  const csrf = await pageToken(ada);
  const sent = await postForm(ada, [
    { name: "csrf", value: csrf },
    { name: "file", file: "Résumé Müller\u202Efdp.pdf", bytes: PDF_BYTES },
  ]);
  const after = readPage((await ada.get(String(sent.headers.location))).body);
  expect(after.notice).toBe("Résumé Müllerfdp.pdf was sent to the owner.");
});

test("cross-site form upload: a form without the page's token, or with another client's, stores nothing", async () => {
  const adaToken = await pageToken(ada);
  const file = { name: "file", file: "forged.pdf", bytes: PDF_BYTES };
  const withoutToken = await postForm(ada, [file]);
  expect(withoutToken.statusCode).toBe(403);
  expect(readPage(withoutToken.body).alert).toBe(
    "This page has expired. Reload it and send the file again.",
  );
  const othersToken = await postForm(bob, [{ name: "csrf", value: adaToken }, file]);
  expect(othersToken.statusCode).toBe(403);
  const tokenAfterFile = await postForm(ada, [file, { name: "csrf", value: adaToken }]);
  expect(tokenAfterFile.statusCode).toBe(403);
  const signedOut = await postForm(null, [{ name: "csrf", value: adaToken }, file]);
  expect(signedOut.statusCode).toBe(303);
  expect(signedOut.headers.location).toBe("/members/sign-in");
  expect(await sentList(ada)).toEqual([]);
  expect(await sentList(bob)).toEqual([]);
});

test("a link cannot put words on the client's page: ?sent= names only the client's own upload", async () => {
  const sent = await postForm(bob, [
    { name: "csrf", value: await pageToken(bob) },
    { name: "file", file: "bob.pdf", bytes: PDF_BYTES },
  ]);
  const bobsUpload = new URL(String(sent.headers.location), "http://store.test").searchParams.get(
    "sent",
  );
  for (const sentParam of ["Your account is closed. Call +1 555 0199", bobsUpload ?? ""]) {
    const page = await ada.get(`/members/client-area?sent=${encodeURIComponent(sentParam)}`);
    expect(readPage(page.body).notice).toBeUndefined();
    expect(page.body).not.toContain("was sent to the owner");
  }
});

test("a form that is not one file or is broken off, too large a file or a file not what its name says is refused with the reason", async () => {
  const csrf = await pageToken(ada);
  const plain = await k.app.inject({
    method: "POST",
    url: "/members/client-area/send",
    headers: {
      host: "store.test",
      cookie: ada.cookie(),
      "content-type": "application/x-www-form-urlencoded",
    },
    payload: `csrf=${encodeURIComponent(csrf)}`,
  });
  expect(plain.statusCode).toBe(400);
  expect(readPage(plain.body).alert).toBe("Choose one file to send.");
  const noFile = await postForm(ada, [{ name: "csrf", value: csrf }]);
  expect(readPage(noFile.body).alert).toBe("Choose one file to send.");
  const whole = multipart([
    { name: "csrf", value: csrf },
    { name: "file", file: "cut.pdf", bytes: Buffer.concat([PDF_BYTES, Buffer.alloc(4096)]) },
  ]);
  const brokenOff = await k.app.inject({
    method: "POST",
    url: "/members/client-area/send",
    headers: { host: "store.test", cookie: ada.cookie(), "content-type": whole.contentType },
    payload: whole.payload.subarray(0, whole.payload.length - 2000),
  });
  expect(brokenOff.statusCode).toBe(400);
  expect(readPage(brokenOff.body).alert).toBe("Choose one file to send.");

  const tooLarge = await postForm(ada, [
    { name: "csrf", value: csrf },
    {
      name: "file",
      file: "big.pdf",
      bytes: Buffer.concat([PDF_BYTES, Buffer.alloc(KIT_MAX_BYTES)]),
    },
  ]);
  expect(tooLarge.statusCode).toBe(413);
  expect(readPage(tooLarge.body).alert).toMatch(/^A file may be at most /);

  const html = await postForm(ada, [
    { name: "csrf", value: csrf },
    { name: "file", file: "invoice.pdf", bytes: Buffer.from("<!doctype html><script>1</script>") },
  ]);
  expect(html.statusCode).toBe(415);
  expect(readPage(html.body).alert).toMatch(/^\[invoice\.pdf\] is not what its name says/);
  expect(await sentList(ada)).toEqual([]);
});

test("a client that hangs up half-way through the form's file leaves nothing and the page still answers", async () => {
  const csrf = await pageToken(ada);
  await k.app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = k.app.server.address() as { port: number };
  const { payload, contentType } = multipart([
    { name: "csrf", value: csrf },
    { name: "file", file: "half.pdf", bytes: Buffer.concat([PDF_BYTES, Buffer.alloc(200_000)]) },
  ]);
  const socket = connect(port, "127.0.0.1");
  await new Promise((resolve) => socket.once("connect", resolve));
  socket.write(
    [
      "POST /members/client-area/send HTTP/1.1",
      "host: store.test",
      `cookie: ${ada.cookie()}`,
      `content-type: ${contentType}`,
      `content-length: ${payload.length}`,
      "",
      "",
    ].join("\r\n"),
  );
  socket.write(payload.subarray(0, 50_000));
  await sleep(100);
  socket.destroy();
  await sleep(200);
  expect(readdirSync(k.filesDir)).toEqual([]);
  expect((await ada.get("/members/client-area")).statusCode).toBe(200);
  expect(await sentList(ada)).toEqual([]);
});
