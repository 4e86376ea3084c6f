/**
 * `npm run dev` as a developer starts it: the store and the page on one origin, real content
 * from a fresh DATA_DIR, the page server-rendered, and Vite's hot reload connected.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { readSampleItems } from "./helpers/store-db.ts";

const ROOT = join(import.meta.dirname, "..");
// The port after the end-to-end store's (each engineer's E2E_PORT leaves the next ones free).
const DEV_URL = `http://127.0.0.1:${Number(process.env.E2E_PORT) + 1}`;
const STARTUP_MS = 120_000;
const [mainTitle] = readSampleItems("HomePage").filter((item) => item.title_fld === "MainTitle");
const HEADLINE = String(mainTitle?.data);

let server: ChildProcess | undefined;
let dataDir: string | undefined;
let output = "";

async function waitUntilServing(): Promise<void> {
  const deadline = Date.now() + STARTUP_MS;
  while (Date.now() < deadline) {
    if (server?.exitCode !== null) throw new Error(`npm run dev exited:\n${output}`);
    try {
      if ((await fetch(`${DEV_URL}/`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`npm run dev did not answer within ${STARTUP_MS} ms:\n${output}`);
}

test.describe("npm run dev", () => {
  test.describe.configure({ mode: "serial", timeout: STARTUP_MS + 30_000 });

  test.beforeAll(async () => {
    // One dev server per run: the phone project would start a second one on the same port.
    test.skip(test.info().project.name !== "desktop", "the dev server runs once, on desktop");
    // A first start optimises Vite's dependencies, which takes a while on a busy machine.
    test.setTimeout(STARTUP_MS + 30_000);
    dataDir = mkdtempSync(join(tmpdir(), "consultant-dev-"));
    const port = new URL(DEV_URL).port;
    server = spawn("npm", ["run", "dev"], {
      cwd: ROOT,
      env: { ...process.env, PORT: port, HOST: "127.0.0.1", DATA_DIR: dataDir },
      stdio: ["ignore", "pipe", "pipe"],
      // Its own process group: npm does not pass a signal on to the server it runs.
      detached: true,
    });
    server.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    server.stderr?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    await waitUntilServing();
  });

  test.afterAll(async () => {
    if (server?.pid !== undefined && server.exitCode === null) {
      const exited = new Promise((resolve) => server?.once("exit", resolve));
      process.kill(-server.pid, "SIGTERM");
      await exited;
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test("serves the seeded headline server-rendered, before any script runs", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${DEV_URL}/`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(HEADLINE);
    await context.close();
  });

  test("shows the page in Chromium with hot reload connected on the same origin", async ({
    page,
  }) => {
    const connected = page.waitForEvent("console", (message) =>
      message.text().includes("[vite] connected"),
    );
    await page.goto(`${DEV_URL}/`);
    await connected;
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(HEADLINE);
    await expect(page.getByText("Loading...")).toHaveCount(0);
  });

  test("opens the owner's editor at /admin from its sources", async ({ page }) => {
    await page.goto(`${DEV_URL}/admin`);
    await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  });

  test("opens the member pages, the old addresses leading to the store's own", async ({ page }) => {
    await page.goto(`${DEV_URL}/account`);
    await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
    await page.goto(`${DEV_URL}/client-area`);
    await expect(page).toHaveURL(/\/members\/sign-in$/);
    await expect(page.getByLabel("E-mail")).toBeVisible();
  });

  test("answers the content API on the page's origin", async ({ request }) => {
    const token = await request.post(`${DEV_URL}/oauth2/token`, {
      data: { clientId: "local", grantType: "anonymous" },
    });
    expect(token.status()).toBe(200);
    const { access_token } = (await token.json()) as { access_token: string };
    const query = await request.post(`${DEV_URL}/wix-data/v2/items/query`, {
      headers: { authorization: access_token },
      data: { dataCollectionId: "HomePage" },
    });
    const items = ((await query.json()) as { dataItems: { data: { data?: string } }[] }).dataItems;
    expect(items.map((item) => item.data.data)).toContain(HEADLINE);
  });
});
