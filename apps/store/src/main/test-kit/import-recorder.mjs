// `node --import ./import-recorder.mjs`: writes every module the process loads, one URL or path a
// line, to the file IMPORT_RECORD names, as it loads. ES modules as they are resolved
// (import-recorder-hooks.mjs, on the loader's thread), CommonJS ones as require() adds them to
// require.cache (a module required on first use goes through require() too). And each date
// formatter made (`Intl.DateTimeFormat`), which loads no module but ICU's data.
import { appendFileSync } from "node:fs";
import Module, { register } from "node:module";

function record(file) {
  register("./import-recorder-hooks.mjs", import.meta.url, { data: { file } });
  const recorded = new Set();
  const require = Module.prototype.require;
  Module.prototype.require = function recordedRequire(id) {
    const exported = require.call(this, id);
    const added = Object.keys(Module._cache).filter((path) => !recorded.has(path));
    for (const path of added) recorded.add(path);
    if (added.length > 0) appendFileSync(file, added.map((path) => `${path}\n`).join(""));
    return exported;
  };
  // A date formatter pages in ICU's date and zone data (5 MB): recorded as a line of its own.
  globalThis.Intl.DateTimeFormat = new Proxy(Intl.DateTimeFormat, {
    construct(target, args) {
      appendFileSync(file, "Intl.DateTimeFormat\n");
      return Reflect.construct(target, args);
    },
    apply(target, self, args) {
      appendFileSync(file, "Intl.DateTimeFormat\n");
      return Reflect.apply(target, self, args);
    },
  });
}

// A process the store starts (the first start's seed-booking) inherits this flag, not the file.
const file = process.env.IMPORT_RECORD;
delete process.env.IMPORT_RECORD;
if (file !== undefined) record(file);
