import { readFile } from "node:fs/promises";
import { join } from "node:path";
import react from "@vitejs/plugin-react";
import { describe, expect, it } from "vitest";
import { BARE_PAGE_DIR } from "../lib/paths.ts";
import { measureReactShare } from "../page-weight/react-split.ts";
import { buildBarePage } from "./build.ts";

describe("bare page", () => {
  it("ships the button already rendered, ready to hydrate", async () => {
    const { distDir } = await buildBarePage();
    const html = await readFile(join(distDir, "index.html"), "utf8");
    expect(html).toMatch(/<div id="root"><button type="button">Clicked .*times<\/button><\/div>/);
  });

  it("splits into React's runtime and under 1 KB gz of everything else", async () => {
    const share = await measureReactShare({
      root: BARE_PAGE_DIR,
      configFile: false,
      plugins: [react()],
    });
    expect(share.reactGz).toBeGreaterThan(50_000);
    expect(share.otherGz).toBeLessThan(1_000);
    expect(share.otherModules.map((m) => m.module)).toContain(
      "bench/bare-page/src/counter-button.tsx",
    );
  });
});
