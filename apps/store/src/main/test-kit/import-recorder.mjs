// `node --import ./import-recorder.mjs`: writes every module the process loads, one URL or path a
// line, to the file IMPORT_RECORD names. ES modules as they are resolved (import-recorder-hooks.mjs,
// on the loader's thread), CommonJS ones from require.cache when the process exits.
import { appendFileSync } from "node:fs";
import { createRequire, register } from "node:module";

const file = process.env.IMPORT_RECORD;
if (file === undefined) throw new Error("import-recorder: set IMPORT_RECORD to a file");
register("./import-recorder-hooks.mjs", import.meta.url, { data: { file } });
process.on("exit", () => {
  const cache = createRequire(import.meta.url).cache;
  appendFileSync(
    file,
    Object.keys(cache)
      .map((path) => `${path}\n`)
      .join(""),
  );
});
