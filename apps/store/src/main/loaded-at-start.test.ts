import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { writeHomeTextsSite } from "./test-kit/stand-in-site.ts";
import { type StoreProcess, startStoreProcess } from "./test-kit/store-process.ts";

// What serves rare requests or another engine loads on first use, so an idle store stays small
// (docs/benchmarks.md, idle memory).
const LOADED_ON_FIRST_USE = [
  "sharp",
  "@simplewebauthn/server",
  "graphql",
  "nodemailer",
  "pg",
  "jsdom",
  "dompurify",
  "qrcode",
  "luxon",
  "ical.js",
  "otpauth",
  "bowser",
  "fflate",
  "@node-rs/argon2",
  "isbot",
  "busboy",
];
const RECORDER = fileURLToPath(new URL("./test-kit/import-recorder.mjs", import.meta.url));

let dir: string;
let record: string;
let store: StoreProcess;

/** The packages the store has loaded so far, by name (from node_modules paths). */
function loadedPackages(): Set<string> {
  const names = new Set<string>();
  for (const line of readFileSync(record, "utf8").split("\n")) {
    const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(line);
    if (match?.[1]) names.add(match[1]);
  }
  return names;
}

/** The sample service, as a visitor's query of the services finds it. */
async function introductoryCall(): Promise<{ id: string; name: string }> {
  const answer = await fetch(`${store.url}/_api/bookings/v2/services/query`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: "{}",
  });
  const { services } = (await answer.json()) as { services: { id: string; name: string }[] };
  const [service] = services;
  if (service === undefined || services.length !== 1) throw new Error("not one service");
  return service;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "loaded-at-start-"));
  record = join(dir, "imports.txt");
  store = await startStoreProcess(
    {
      DATA_DIR: join(dir, "data"),
      SITE_DIR: writeHomeTextsSite(join(dir, "site")),
      IMPORT_RECORD: record,
      DATABASE_URL: "",
    },
    ["--import", RECORDER],
  );
}, 60_000);
afterAll(async () => {
  await store?.kill();
  rmSync(dir, { recursive: true, force: true });
});

describe("the store at start (SQLite)", () => {
  test("has served the page without loading what serves rare requests", async () => {
    expect((await fetch(`${store.url}/`)).status).toBe(200);
    const loaded = loadedPackages();
    // The record works: what serves the page is in it.
    expect(loaded).toContain("fastify");
    expect(loaded).toContain("better-sqlite3");
    expect(LOADED_ON_FIRST_USE.filter((name) => loaded.has(name))).toEqual([]);
  });

  test("has made no date formatter, which would keep ICU's date and zone data", () => {
    expect(readFileSync(record, "utf8").split("\n")).not.toContain("Intl.DateTimeFormat");
  });

  test("loads WebAuthn with the first passkey request", async () => {
    const answer = await fetch(`${store.url}/_api/iam/authentication/v2/webauthn/options`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(answer.status).toBe(200);
    expect(loadedPackages()).toContain("@simplewebauthn/server");
  });

  test("has added the sample booking at its first start, in a process of its own", async () => {
    expect(store.output()).toContain("store: added the sample introductory call to booking");
    expect((await introductoryCall()).name).toBe("Introductory call");
    expect(loadedPackages()).not.toContain("luxon");
  });

  test("loads luxon with the first booking call that reads a time zone", async () => {
    const answer = await fetch(`${store.url}/_api/service-availability/v2/time-slots`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ serviceId: (await introductoryCall()).id }),
    });
    expect(answer.status).toBe(200);
    expect(loadedPackages()).toContain("luxon");
  });
});
