import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createOwnerKit, type OwnerKit, type SignedIn } from "../main/test-kit/owner-signed-in.ts";
import { createSemaphore, type Semaphore } from "../platform/limits/semaphore.ts";
import { createMediaFiles, mediaNamesIn } from "./media-files.ts";
import { pruneMedia } from "./prune-media.ts";

const HOSTILE_SVG = `<?xml version="1.0"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="200" height="100" onload="alert('onload')">
  <script>alert('script')</script>
  <image href="https://tracker.example/pixel.png" width="1" height="1"/>
  <use xlink:href="https://evil.example/sprite.svg#x"/>
  <a href="javascript:alert('link')"><rect width="50" height="50" fill="#123456"/></a>
  <foreignObject width="10" height="10"><div xmlns="http://www.w3.org/1999/xhtml"><img src="x" onerror="alert('html')"/></div></foreignObject>
  <set attributeName="onclick" to="alert('set')"/>
  <circle cx="150" cy="50" r="40" fill="#abcdef"/>
</svg>`;

function png(width: number, height: number): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 3, background: { r: 20, g: 90, b: 80 } },
  })
    .png()
    .toBuffer();
}

describe("POST /admin/api/pictures", () => {
  let kit: OwnerKit;
  let owner: SignedIn;
  let mediaDir: string;
  let processing: Semaphore;

  beforeEach(async () => {
    mediaDir = join(mkdtempSync(join(tmpdir(), "pictures-")), "media");
    processing = createSemaphore(2);
    kit = await createOwnerKit({ media: { dir: mediaDir, processing } });
    owner = await kit.signedIn();
  });
  afterEach(async () => {
    await kit.app.close();
  });

  const upload = (
    body: Buffer | string,
    query: string,
    contentType = "image/png",
    as: SignedIn | null = owner,
  ) => {
    const request = {
      method: "POST" as const,
      url: `/admin/api/pictures?${query}`,
      headers: { "content-type": contentType },
      payload: body,
    };
    return as === null ? kit.app.inject(request) : kit.asOwner(as, request);
  };
  const pictures = () =>
    kit.store.query({
      collectionId: "Pictures",
      filter: { type: "and", nodes: [] },
      sort: [],
      offset: 0,
      limit: null,
    });
  const storedFiles = () => readdirSync(mediaDir);

  it("stores the logo for the dark scheme as its own single picture, beside the logo", async () => {
    expect((await upload(await png(64, 64), "slot=logo&alt=Logo")).statusCode).toBe(200);
    const dark = await upload(await png(64, 64), "slot=logo-dark&alt=Logo");
    expect(dark.statusCode).toBe(200);
    expect(dark.json().item).toMatchObject({ _id: "logo-dark", slot: "logo-dark" });
    const again = await upload(await png(64, 64), "slot=logo-dark&alt=Logo, lighter");
    expect(again.json().item).toMatchObject({ _id: "logo-dark", alt: "Logo, lighter" });
    expect(
      pictures()
        .map((item) => item.id)
        .sort(),
    ).toEqual(["logo", "logo-dark"]);
  });

  it("stores a portrait in modern formats at 1x and 2x, with its size and alt text", async () => {
    const response = await upload(await png(1200, 1600), "slot=portrait&alt=Me%20at%20work");
    expect(response.statusCode).toBe(200);
    const item = response.json().item;
    expect(item).toMatchObject({ _id: "portrait", slot: "portrait", alt: "Me at work" });
    expect([item.width, item.height]).toEqual([480, 640]);
    expect(item.src).toMatch(/^\/media\/[0-9a-f]{20}\.jpg$/);
    expect(item.srcset).toMatch(/ 480w, .* 960w$/);
    expect(item.sources.map((source: { type: string }) => source.type)).toEqual([
      "image/avif",
      "image/webp",
    ]);
    expect(storedFiles()).toHaveLength(6);

    const file = await kit.app.inject({ method: "GET", url: item.src });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("image/jpeg");
    expect(file.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(file.headers["x-content-type-options"]).toBe("nosniff");
    expect((await sharp(file.rawPayload).metadata()).width).toBe(480);
  });

  it("replaces the portrait in place and keeps the replaced version in the history", async () => {
    await upload(await png(600, 600), "slot=portrait&alt=Old");
    const second = await upload(await png(300, 400), "slot=portrait&alt=New");
    expect(second.statusCode).toBe(200);
    expect(pictures().map((item) => item.data.alt)).toEqual(["New"]);
    const history = await kit.asOwner(owner, {
      method: "GET",
      url: "/admin/api/history/Pictures/portrait",
    });
    expect(JSON.stringify(history.json())).toContain('"alt":"Old"');
  });

  it("adds client logos at the end of the strip and replaces one by id, keeping its place", async () => {
    const first = (await upload(await png(400, 100), "slot=client-logo&alt=One")).json().item;
    const second = (await upload(await png(400, 100), "slot=client-logo&alt=Two")).json().item;
    expect(second.order).toBeGreaterThan(first.order);
    const replaced = await upload(await png(200, 100), `slot=client-logo&alt=Uno&id=${first._id}`);
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().item).toMatchObject({ _id: first._id, alt: "Uno", order: first.order });
    const unknown = await upload(await png(200, 100), "slot=client-logo&alt=X&id=nope");
    expect(unknown.statusCode).toBe(404);
  });

  it("refuses an upload without a session or without the CSRF token", async () => {
    expect((await upload(await png(10, 10), "slot=logo&alt=L", "image/png", null)).statusCode).toBe(
      401,
    );
    const noCsrf = await kit.asOwner(owner, {
      method: "POST",
      url: "/admin/api/pictures?slot=logo&alt=L",
      headers: { "content-type": "image/png" },
      payload: await png(10, 10),
      csrf: false,
    });
    expect(noCsrf.statusCode).toBe(403);
    expect(pictures()).toEqual([]);
  });

  it("refuses a picture without alt text, or for an unknown slot, before reading it", async () => {
    const noAlt = await upload(await png(10, 10), "slot=logo&alt=%20");
    expect(noAlt.statusCode).toBe(400);
    expect(noAlt.json().details.validationError.fieldViolations[0].field).toBe("alt");
    expect((await upload(await png(10, 10), "slot=banner&alt=B")).statusCode).toBe(400);
    expect(pictures()).toEqual([]);
    expect(storedFiles()).toEqual([]);
  });

  it("refuses a file over 8 MB with 413 and changes nothing", async () => {
    const response = await upload(Buffer.alloc(9 * 1024 * 1024, 1), "slot=logo&alt=Big");
    expect(response.statusCode).toBe(413);
    expect(response.json().details.applicationError.code).toBe("PICTURE_TOO_LARGE");
    expect(pictures()).toEqual([]);
    expect(storedFiles()).toEqual([]);
  });

  it("refuses a small file that decodes to more than 40 megapixels (a decompression bomb)", async () => {
    const bomb = await png(8000, 6000);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const response = await upload(bomb, "slot=portrait&alt=Bomb");
    expect(response.statusCode).toBe(413);
    expect(pictures()).toEqual([]);
    expect(storedFiles()).toEqual([]);
  });

  it("refuses a file that is not an image even when it claims to be one", async () => {
    const response = await upload("#!/bin/sh\necho hello\n", "slot=logo&alt=Text", "image/png");
    expect(response.statusCode).toBe(415);
    expect(response.json().details.applicationError.code).toBe("PICTURE_UNREADABLE");
    const gif = await sharp({
      create: { width: 4, height: 4, channels: 3, background: "#000" },
    })
      .gif()
      .toBuffer();
    const gifResponse = await upload(gif, "slot=logo&alt=Gif", "image/png");
    expect(gifResponse.statusCode).toBe(415);
    expect(gifResponse.json().message).toContain("gif");
    const textType = await upload(await png(10, 10), "slot=logo&alt=T", "text/plain");
    expect(textType.statusCode).toBe(415);
    expect(pictures()).toEqual([]);
    expect(storedFiles()).toEqual([]);
  });

  it("reads the format from the bytes, not from a lying Content-Type", async () => {
    const response = await upload(await png(64, 64), "slot=logo&alt=Logo", "image/svg+xml");
    expect(response.statusCode).toBe(200);
    expect(response.json().item.src).toMatch(/\.jpg$/);
  });

  it("serves a hostile SVG only cleaned: no script, handler, external link or foreignObject", async () => {
    // Sent with a PNG's Content-Type, as an attacker naming it logo.png would.
    const response = await upload(HOSTILE_SVG, "slot=logo&alt=Logo", "image/png");
    expect(response.statusCode).toBe(200);
    const item = response.json().item;
    expect(item.src).toMatch(/\.svg$/);
    expect([item.width, item.height]).toEqual([64, 32]);
    const file = await kit.app.inject({ method: "GET", url: item.src });
    expect(file.headers["content-type"]).toBe("image/svg+xml");
    expect(file.headers["content-security-policy"]).toContain("sandbox");
    const served = file.body;
    for (const hostile of [
      "script",
      "onload",
      "alert",
      "tracker.example",
      "evil.example",
      "foreignObject",
      "javascript:",
    ]) {
      expect(served).not.toContain(hostile);
    }
    expect(served).toContain("<circle");
    const onDisk = readFileSync(join(mediaDir, item.src.slice("/media/".length)), "utf8");
    expect(onDisk).toBe(served);
  });

  it("refuses an SVG whose declared size or viewBox is above the pixel limit (a decompression bomb for browsers)", async () => {
    const bombs = [
      '<svg xmlns="http://www.w3.org/2000/svg" width="100000" height="100000"><rect width="10" height="10"/></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100000 100000"><rect width="10" height="10"/></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" viewBox="0 0 1e9 1e9"><rect width="10" height="10"/></svg>',
    ];
    for (const bomb of bombs) {
      const response = await upload(bomb, "slot=logo&alt=Bomb", "image/svg+xml");
      expect(response.statusCode).toBe(413);
      expect(response.json().details.applicationError.code).toBe("PICTURE_TOO_LARGE");
    }
    expect(pictures()).toEqual([]);
  }, 30_000);

  it("refuses an SVG with nothing left after cleaning", async () => {
    const response = await upload(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      "slot=logo&alt=Empty",
      "image/svg+xml",
    );
    expect(response.statusCode).toBe(415);
    expect(pictures()).toEqual([]);
  });

  it("answers 429 PICTURE_BUSY with Retry-After to uploads beyond the cap, before their work", async () => {
    const photo = await png(2400, 1800);
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        upload(photo, `slot=client-logo&alt=Logo%20${index}`),
      ),
    );
    const busy = responses.filter((response) => response.statusCode === 429);
    const done = responses.filter((response) => response.statusCode === 200);
    expect(busy.length).toBeGreaterThan(0);
    expect(done.length).toBeGreaterThan(0);
    expect(busy.length + done.length).toBe(6);
    for (const response of busy) {
      expect(response.headers["retry-after"]).toBe("5");
      expect(response.json().details.applicationError.code).toBe("PICTURE_BUSY");
    }
    expect(pictures()).toHaveLength(done.length);
    expect(processing.inUse).toBe(0);
  });
});

describe("GET /media/:name", () => {
  it("answers 404 in the protocol's shape for unknown names and paths outside the folder", async () => {
    const mediaDir = join(mkdtempSync(join(tmpdir(), "pictures-")), "media");
    const kit = await createOwnerKit({ media: { dir: mediaDir } });
    for (const url of ["/media/0123456789abcdef0123.png", "/media/..%2Fstore.db", "/media/x.svg"]) {
      const response = await kit.app.inject({ method: "GET", url });
      expect(response.statusCode).toBe(404);
      expect(response.json().details.applicationError.code).toBe("MEDIA_NOT_FOUND");
    }
    await kit.app.close();
  });
});

describe("media prune", () => {
  it("removes the files no picture uses, keeping those of current and earlier versions", async () => {
    const mediaDir = join(mkdtempSync(join(tmpdir(), "pictures-")), "media");
    const kit = await createOwnerKit({ media: { dir: mediaDir } });
    const owner = await kit.signedIn();
    const send = (svg: string, query: string) =>
      kit.asOwner(owner, {
        method: "POST",
        url: `/admin/api/pictures?${query}`,
        headers: { "content-type": "image/svg+xml" },
        payload: svg,
      });
    const svg = (fill: string) =>
      `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="${fill}"/></svg>`;
    const first = (await send(svg("#111"), "slot=logo&alt=One")).json().item;
    const second = (await send(svg("#222"), "slot=logo&alt=Two")).json().item;
    const gone = (await send(svg("#333"), "slot=client-logo&alt=Gone")).json().item;
    await kit.asOwner(owner, {
      method: "DELETE",
      url: `/v2/items/${gone._id}?dataCollectionId=Pictures`,
    });
    kit.db.prepare("DELETE FROM item_history WHERE item_id = ?").run(gone._id);
    const orphan = mediaNamesIn(gone.src)[0];
    const removed = pruneMedia(kit.db, createMediaFiles(mediaDir), Date.now() + 2 * 3600_000);
    expect(removed).toEqual([orphan]);
    expect(readdirSync(mediaDir).sort()).toEqual(
      [...mediaNamesIn(first.src), ...mediaNamesIn(second.src)].sort(),
    );
    await kit.app.close();
  });
});
