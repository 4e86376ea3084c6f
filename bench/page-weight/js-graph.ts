import { parseSync } from "vite";

export interface LoadedFile {
  /** Absolute URL path, e.g. `/assets/index-abc.js`. */
  url: string;
  bytes: Uint8Array;
}

export type ReadAsset = (url: string) => Promise<Uint8Array>;

/** The module specifiers a script imports statically (`import … from`, `export … from`). */
export function staticImportsOf(code: string): string[] {
  const { module, errors } = parseSync("chunk.js", code, { sourceType: "module" });
  if (errors.length > 0) throw new Error(`cannot parse script: ${errors[0]?.message}`);
  const imports = module.staticImports.map((entry) => entry.moduleRequest.value);
  const reexports = module.staticExports.flatMap((statement) =>
    statement.entries.flatMap((entry) => (entry.moduleRequest ? [entry.moduleRequest.value] : [])),
  );
  return [...imports, ...reexports];
}

function resolveUrl(specifier: string, from: string): string | undefined {
  // Bare specifiers would need an import map; a built page has none.
  if (!/^(\.{1,2}\/|\/)/.test(specifier)) return undefined;
  return new URL(specifier, `http://page${from}`).pathname;
}

/**
 * Every script the page loads before it runs: the entry URLs (module scripts and module preloads)
 * and, transitively, their static imports. Dynamic imports are not followed: they load later, if
 * at all. Each file is listed once.
 */
export async function collectStaticGraph(
  entries: readonly string[],
  readAsset: ReadAsset,
): Promise<LoadedFile[]> {
  const seen = new Set<string>();
  const files: LoadedFile[] = [];
  const queue = entries.flatMap((entry) => resolveUrl(entry, "/") ?? []);
  while (queue.length > 0) {
    const url = queue.shift();
    if (url === undefined || seen.has(url)) continue;
    seen.add(url);
    const bytes = await readAsset(url);
    files.push({ url, bytes });
    if (!url.endsWith(".js") && !url.endsWith(".mjs")) continue;
    for (const specifier of staticImportsOf(Buffer.from(bytes).toString("utf8"))) {
      const next = resolveUrl(specifier, url);
      if (next !== undefined && !seen.has(next)) queue.push(next);
    }
  }
  return files;
}
