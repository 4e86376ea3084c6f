// The loader hooks of import-recorder.mjs: each resolved module's URL, appended as it is resolved,
// so the file is complete for everything imported before the process answered a request.
import { appendFileSync } from "node:fs";

let file;

export function initialize(data) {
  file = data.file;
}

export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  appendFileSync(file, `${resolved.url}\n`);
  return resolved;
}
