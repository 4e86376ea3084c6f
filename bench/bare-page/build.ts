import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import react from "@vitejs/plugin-react";
import { createElement, StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { build } from "vite";
import { BARE_PAGE_DIR } from "../lib/paths.ts";
import { CounterButton } from "./src/counter-button.tsx";

const APP_PLACEHOLDER = "<!--app-html-->";

export interface BarePageBuild {
  /** The built page, `index.html` with the button already rendered into #root. */
  readonly distDir: string;
}

/** Builds the baseline page with Vite and the site's React, then server-renders its button. */
export async function buildBarePage(): Promise<BarePageBuild> {
  const distDir = join(BARE_PAGE_DIR, "dist");
  await build({
    root: BARE_PAGE_DIR,
    configFile: false,
    logLevel: "warn",
    plugins: [react()],
    build: { outDir: distDir, emptyOutDir: true },
  });
  const htmlPath = join(distDir, "index.html");
  const appHtml = renderToString(createElement(StrictMode, null, createElement(CounterButton)));
  const template = await readFile(htmlPath, "utf8");
  if (!template.includes(APP_PLACEHOLDER)) throw new Error("bare page: #root placeholder missing");
  await writeFile(
    htmlPath,
    template.replace(APP_PLACEHOLDER, () => appHtml),
  );
  return { distDir };
}
