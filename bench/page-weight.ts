import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { gzipSize } from "./lib/gzip-size.ts";
import { summarizeFontFaces } from "./page-weight/fonts.ts";
import { parseHtmlAssets } from "./page-weight/html-assets.ts";
import { collectStaticGraph, type ReadAsset } from "./page-weight/js-graph.ts";
import type { ModuleWeight, ReactShare } from "./page-weight/react-split.ts";

export interface FileWeight {
  url: string;
  bytes: number;
  gz: number;
}

export interface PageWeight {
  htmlBytes: number;
  htmlGz: number;
  /** Module scripts, module preloads and their static imports. */
  scripts: FileWeight[];
  /** Inline `<script>` bodies, such as the embedded hydration data. */
  inlineScriptsGz: number;
  /** Every byte of JS the page loads (scripts plus inline scripts), gzipped per response. */
  jsGz: number;
  reactGz: number;
  /** `jsGz - reactGz`: what the page costs beyond React's runtime. */
  nonReactGz: number;
  otherModules: ModuleWeight[];
  stylesheets: FileWeight[];
  cssGz: number;
  fontRequests: number;
  blockingFontRequests: number;
  images: number;
  imagesWithoutDimensions: number;
}

function weigh(url: string, bytes: Uint8Array): FileWeight {
  return { url, bytes: bytes.byteLength, gz: gzipSize(bytes) };
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/** Weighs what a page's HTML makes the browser load, splitting React off with `reactShare`. */
export async function measurePageWeight(
  html: string,
  readAsset: ReadAsset,
  reactShare: ReactShare,
): Promise<PageWeight> {
  const assets = parseHtmlAssets(html);
  const graph = await collectStaticGraph(
    [...assets.moduleScripts, ...assets.modulePreloads, ...assets.classicScripts],
    readAsset,
  );
  const scripts = graph.map((file) => weigh(file.url, file.bytes));
  const inlineScriptsGz = sum(assets.inlineScripts.map((body) => gzipSize(body)));
  const jsGz = sum(scripts.map((file) => file.gz)) + inlineScriptsGz;

  const cssTexts: string[] = [...assets.inlineStyles];
  const stylesheets: FileWeight[] = [];
  for (const href of assets.stylesheets) {
    const bytes = await readAsset(href);
    stylesheets.push(weigh(href, bytes));
    cssTexts.push(Buffer.from(bytes).toString("utf8"));
  }
  const fonts = summarizeFontFaces(cssTexts.join("\n"));

  return {
    htmlBytes: Buffer.byteLength(html),
    htmlGz: gzipSize(html),
    scripts,
    inlineScriptsGz,
    jsGz,
    reactGz: reactShare.reactGz,
    nonReactGz: jsGz - reactShare.reactGz,
    otherModules: reactShare.otherModules,
    stylesheets,
    cssGz:
      sum(stylesheets.map((file) => file.gz)) +
      sum(assets.inlineStyles.map((body) => gzipSize(body))),
    fontRequests: new Set([...fonts.urls, ...assets.fontPreloads]).size,
    blockingFontRequests: fonts.blocking,
    images: assets.images.length,
    imagesWithoutDimensions: assets.images.filter((image) => !image.hasDimensions).length,
  };
}

/**
 * The analytics beacon's chunk in the built site, gz (docs/analytics.md): the page imports it
 * after load, so the static graph above does not reach it; undefined when the build has none.
 */
export async function beaconChunkGz(clientDir: string): Promise<number | undefined> {
  const assets = join(clientDir, "assets");
  const name = (await readdir(assets)).find((file) => /^analytics-beacon-[\w-]+\.js$/.test(file));
  return name === undefined ? undefined : gzipSize(await readFile(join(assets, name)));
}
