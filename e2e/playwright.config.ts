import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_FLAGS } from "../bench/lib/chromium-flags.ts";

// Workers inherit the runner's environment, so every test sees the same store.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), "consultant-e2e-"));
process.env.E2E_PORT ??= "8791";

const BASE_URL = `http://127.0.0.1:${process.env.E2E_PORT}`;

export default defineConfig({
  testDir: ".",
  testMatch: "**/*.spec.ts",
  // A stray test.only would run one spec and pass green.
  forbidOnly: true,
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  reporter: [["list"]],
  use: {
    // One browser context per worker, reset by Playwright between tests (cookies, cache, storage
    // of visited origins, service workers, extra pages, routes, bindings, init scripts, viewport
    // and emulation). Opening a page costs Chromium about 0.85 s of CPU (a renderer and its first
    // frame), most of a short test: the suite took 371 s with this against 432-453 s without on
    // this 2-core machine. Not reset, so no spec changes them on its `context`: granted
    // permissions, geolocation, offline, extra HTTP headers. Specs that need a browser of their
    // own (passkeys' virtual authenticator, analytics' visitors) open their own contexts.
    reuseContext: true,
    baseURL: BASE_URL,
    launchOptions: { executablePath: "/usr/bin/chromium", args: CHROMIUM_FLAGS },
    trace: "off",
  },
  projects: [
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
    },
    {
      name: "phone",
      use: {
        ...devices["Desktop Chrome"],
        viewport: { width: 375, height: 812 },
        isMobile: false,
        hasTouch: true,
      },
    },
  ],
  webServer: {
    command: "node scripts/start.mjs",
    cwd: join(import.meta.dirname, ".."),
    url: `${BASE_URL}/`,
    reuseExistingServer: false,
    timeout: 180_000,
    env: {
      PORT: process.env.E2E_PORT,
      HOST: "127.0.0.1",
      DATA_DIR: process.env.E2E_DATA_DIR,
      // The suite signs its many members in from one address (127.0.0.1).
      MEMBER_SIGN_IN_MAX_PER_ADDRESS: "1000",
      // The owner's mail about a client's uploads gathers them for 1 s, not 10 minutes.
      FILES_DIGEST_SECONDS: "1",
      // Every browser of the suite sends its analytics beacons from 127.0.0.1.
      ANALYTICS_BEACONS_PER_MINUTE: "100000",
      // scripts/test-postgres.mjs: the same specs with the store's state in PostgreSQL.
      ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
    },
  },
});
