import { cp, writeFile } from "node:fs/promises";
import { join } from "node:path";

/**
 * A copy of a built site whose index.html is replaced by a server-rendered page, so the static
 * server can serve our exact bytes: the same page, only the transport differs.
 */
export async function copySiteWithHtml(
  siteDir: string,
  destDir: string,
  html: string,
): Promise<string> {
  await cp(siteDir, destDir, { recursive: true });
  await writeFile(join(destDir, "index.html"), html);
  return destDir;
}
