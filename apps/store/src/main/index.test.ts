import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { writeHomeTextsSite } from "./test-kit/stand-in-site.ts";

const ENTRY = fileURLToPath(new URL("./index.ts", import.meta.url));

let dir: string;
let siteDir: string;
const children: ChildProcess[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "store-entry-"));
  siteDir = writeHomeTextsSite(join(dir, "site"));
});
afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

function startStore(env: Record<string, string>) {
  const child = spawn(process.execPath, ["--import", "tsx", ENTRY], {
    env: {
      ...process.env,
      HOST: "127.0.0.1",
      PORT: "0",
      DATA_DIR: join(dir, "data"),
      SITE_DIR: siteDir,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk) => {
    stdout += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const listening = async (): Promise<string> => {
    for (let i = 0; i < 200 && !stdout.includes("listening on"); i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const url = /listening on (\S+)/.exec(stdout)?.[1];
    if (!url) throw new Error(`store did not start: ${stderr}`);
    return url;
  };
  return { child, exited, listening, output: () => ({ stdout, stderr }) };
}

describe("process entry", () => {
  test("seeds, serves the API and the page, and exits cleanly on SIGTERM", async () => {
    const store = startStore({ CLIENT_ID: "entry-test" });
    const url = await store.listening();
    const page = await fetch(`${url}/`);
    expect(await page.text()).toContain("Clear strategy.");
    const tokenResponse = await fetch(`${url}/oauth2/token`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ clientId: "entry-test", grantType: "anonymous" }),
    });
    const { access_token } = (await tokenResponse.json()) as { access_token: string };
    const query = await fetch(`${url}/wix-data/v2/items/query`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: access_token },
      body: JSON.stringify({ dataCollectionId: "Services" }),
    });
    expect(query.status).toBe(200);
    expect(((await query.json()) as { dataItems: unknown[] }).dataItems.length).toBeGreaterThan(0);
    store.child.kill("SIGTERM");
    expect(await store.exited).toBe(0);
  }, 20_000);

  test("creates an API key on first start, prints it once and accepts it for writes", async () => {
    const first = startStore({});
    const url = await first.listening();
    const key = first.output().stdout.match(/^IST\.[A-Za-z0-9_-]{43}$/m)?.[0];
    expect(key).toBeDefined();
    const insert = await fetch(`${url}/wix-data/v2/items`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: key ?? "" },
      body: JSON.stringify({ dataCollectionId: "Clients", dataItem: { data: { _id: "k" } } }),
    });
    expect(insert.status).toBe(200);
    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);

    const second = startStore({});
    await second.listening();
    expect(second.output().stdout).not.toMatch(/IST\./);
    second.child.kill("SIGTERM");
    await second.exited;
  }, 30_000);

  test("explains a missing site build in one line", async () => {
    const store = startStore({ SITE_DIR: join(dir, "nothing") });
    expect(await store.exited).toBe(1);
    const { stderr } = store.output();
    expect(stderr.trim().split("\n")).toHaveLength(1);
    expect(stderr).toContain("npm run build");
  }, 20_000);

  test("explains an unwritable DATA_DIR in one line", async () => {
    writeFileSync(join(dir, "a-file"), "");
    const store = startStore({ DATA_DIR: join(dir, "a-file", "data") });
    expect(await store.exited).toBe(1);
    const { stderr } = store.output();
    expect(stderr.trim().split("\n")).toHaveLength(1);
    expect(stderr).toMatch(/DATA_DIR .* is not writable/);
  }, 20_000);

  test("explains a port in use in one line", async () => {
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    const address = blocker.address();
    const port = typeof address === "object" && address ? address.port : 0;
    try {
      const store = startStore({ PORT: String(port) });
      expect(await store.exited).toBe(1);
      const { stderr } = store.output();
      expect(stderr.trim().split("\n")).toHaveLength(1);
      expect(stderr).toContain(`port ${port} is already in use`);
    } finally {
      blocker.close();
    }
  }, 20_000);
});
