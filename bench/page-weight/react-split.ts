import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { build, minifySync, type PluginOption } from "vite";
import { gzipSize } from "../lib/gzip-size.ts";
import { ROOT_DIR } from "../lib/paths.ts";
import { viteChunks } from "../lib/vite-chunks.ts";

/** React's runtime as the budget counts it: react, react-dom and scheduler. */
export const REACT_RUNTIME = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/;
const REACT_GROUP = "react-runtime";

export interface ModuleWeight {
  module: string;
  /** Minified and gzipped alone: an estimate, gzip is not additive across modules. */
  approxGz: number;
}

export interface ReactShare {
  /** Gzipped size of the chunk holding exactly React's runtime modules. */
  reactGz: number;
  /** Gzipped size of every other eagerly built chunk of the rebuild. */
  otherGz: number;
  /** The non-React modules, largest first. */
  otherModules: ModuleWeight[];
}

export interface ReactShareOptions {
  root: string;
  configFile: string | false;
  plugins?: PluginOption[];
  /** The HTML entry to build, relative to `root` (default: Vite's, `index.html`). */
  input?: string;
}

function describeModule(id: string): string {
  const clean = id.replace(/^\0/, "").split("?")[0] ?? id;
  return clean.startsWith("/") ? relative(ROOT_DIR, clean) : clean;
}

/**
 * Rebuilds a Vite app with its own config plus one code-splitting group that moves React's runtime
 * into a chunk of its own, so that chunk's gzipped size is React's share of the bundle.
 */
export async function measureReactShare(options: ReactShareOptions): Promise<ReactShare> {
  const outDir = await mkdtemp(join(tmpdir(), "bench-react-split-"));
  try {
    const result = await build({
      root: options.root,
      configFile: options.configFile,
      logLevel: "silent",
      plugins: options.plugins ?? [],
      build: {
        outDir,
        write: false,
        emptyOutDir: false,
        copyPublicDir: false,
        rolldownOptions: {
          ...(options.input === undefined ? {} : { input: join(options.root, options.input) }),
          output: {
            codeSplitting: { groups: [{ name: REACT_GROUP, test: REACT_RUNTIME, priority: 100 }] },
          },
        },
      },
    });
    const chunks = viteChunks(result).filter((chunk) => !chunk.isDynamicEntry);
    // Rolldown may also place its tiny CommonJS interop runtime in this chunk: React needs it.
    const reactChunks = chunks.filter((chunk) => chunk.name === REACT_GROUP);
    const otherChunks = chunks.filter((chunk) => !reactChunks.includes(chunk));
    const stray = otherChunks
      .flatMap((chunk) => chunk.moduleIds)
      .filter((id) => REACT_RUNTIME.test(id));
    if (reactChunks.length === 0 || stray.length > 0) {
      throw new Error(
        `React's runtime did not split cleanly (stray: ${stray.join(", ") || "none"})`,
      );
    }
    const otherModules = otherChunks
      .flatMap((chunk) => Object.entries(chunk.modules))
      .flatMap(([id, rendered]) => {
        if (!rendered.code) return [];
        const minified = minifySync(id.replace(/^\0/, "virtual-"), rendered.code).code;
        return [{ module: describeModule(id), approxGz: gzipSize(minified) }];
      })
      .sort((a, b) => b.approxGz - a.approxGz);
    return {
      reactGz: reactChunks.reduce((sum, chunk) => sum + gzipSize(chunk.code), 0),
      otherGz: otherChunks.reduce((sum, chunk) => sum + gzipSize(chunk.code), 0),
      otherModules,
    };
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}
