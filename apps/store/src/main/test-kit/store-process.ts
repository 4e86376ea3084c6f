/**
 * @module A real store process for tests (`node --import tsx src/main/index.ts`), on a free loopback
 * port, with its output kept: what it printed at start (API key, setup link) and why it failed.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ENTRY = fileURLToPath(new URL("../index.ts", import.meta.url));
const START_TIMEOUT_MS = 60_000;

export type StoreProcess = {
  child: ChildProcess;
  /** `http://127.0.0.1:<port>`, once it listens. */
  url: string;
  output(): string;
  /** SIGKILL, and waits for the exit. */
  kill(): Promise<void>;
};

/** A built-site stand-in whose page shows the HomePage items' texts. */
export function writeFakeSite(dir: string): string {
  mkdirSync(join(dir, "server"), { recursive: true });
  mkdirSync(join(dir, "client"), { recursive: true });
  writeFileSync(
    join(dir, "server", "entry-server.js"),
    "export const renderPage = (t, c) => t.replace('<!--app-->', c.HomePage.map((i) => i.data).join('|'));\n",
  );
  writeFileSync(join(dir, "client", "index.html"), "<main><!--app--></main>");
  return dir;
}

/** Starts the store with `env` (DATA_DIR, SITE_DIR, DATABASE_URL...) and waits until it listens. */
export async function startStoreProcess(env: Record<string, string>): Promise<StoreProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", ENTRY], {
    env: { ...process.env, HOST: "127.0.0.1", PORT: "0", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const started = Date.now();
  let url: string | undefined;
  while (url === undefined) {
    url = /listening on (\S+)/.exec(output)?.[1];
    if (url !== undefined) break;
    if (child.exitCode !== null || Date.now() - started > START_TIMEOUT_MS) {
      child.kill("SIGKILL");
      throw new Error(`the store did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return {
    child,
    url,
    output: () => output,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await exited;
    },
  };
}
