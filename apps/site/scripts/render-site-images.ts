/**
 * Renders the page's raster pictures from its SVG logo with the system Chromium and writes them
 * to public/: the share card (1200 × 630), the Apple touch icon (180 × 180) and favicon.ico
 * (32 × 32, a PNG inside an ICO). Run again after changing the logo or the palette:
 *   npx tsx apps/site/scripts/render-site-images.ts
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "@playwright/test";

const SITE = join(import.meta.dirname, "..");
const logo = readFileSync(join(SITE, "src/assets/logo.svg"), "utf8");
const logoData = `data:image/svg+xml;base64,${Buffer.from(logo).toString("base64")}`;

const CARD = `<!doctype html><html><body style="margin:0">
<div style="width:1200px;height:630px;box-sizing:border-box;padding:88px 96px;display:flex;flex-direction:column;justify-content:space-between;background:#f7f5f0;font-family:Georgia,serif;color:#1b2422;border-bottom:24px solid #0f5f5c">
  <img src="${logoData}" width="120" height="120" alt="">
  <div>
    <div style="font:600 28px/1.2 system-ui,sans-serif;letter-spacing:0.16em;text-transform:uppercase;color:#0f5f5c">Independent business consultant</div>
    <div style="margin-top:24px;font-size:72px;line-height:1.08;font-weight:600">Strategy, operations and<br>financial clarity.</div>
  </div>
</div></body></html>`;

const ICON = (size: number) =>
  `<!doctype html><html><body style="margin:0;background:transparent"><img src="${logoData}" width="${size}" height="${size}" style="display:block"></body></html>`;

/** An ICO file holding one PNG image (supported by every browser that asks for favicon.ico). */
function icoOf(png: Buffer, size: number): Buffer {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(1, 4);
  header.writeUInt8(size, 6);
  header.writeUInt8(size, 7);
  header.writeUInt8(0, 8);
  header.writeUInt8(0, 9);
  header.writeUInt16LE(1, 10);
  header.writeUInt16LE(32, 12);
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(22, 18);
  return Buffer.concat([header, png]);
}

const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox"],
});
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
  await page.setContent(CARD);
  writeFileSync(join(SITE, "public/share-card.png"), await page.screenshot({ type: "png" }));

  for (const [size, file] of [
    [180, "apple-touch-icon.png"],
    [32, "favicon-32.png"],
  ] as const) {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(ICON(size));
    const png = await page.screenshot({ type: "png", omitBackground: true });
    if (file === "favicon-32.png")
      writeFileSync(join(SITE, "public/favicon.ico"), icoOf(png, size));
    else writeFileSync(join(SITE, "public", file), png);
  }
} finally {
  await browser.close();
}
