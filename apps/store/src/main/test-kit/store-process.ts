/**
 * @module A real store process for tests (`node --import tsx src/main/index.ts`), on a free loopback
 * port, with its output kept: what it printed at start (API key, setup link) and why it failed.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const ENTRY = fileURLToPath(new URL("../index.ts", import.meta.url));
const CRASH_CHILD = fileURLToPath(new URL("./crash-child.ts", import.meta.url));
const START_TIMEOUT_MS = 60_000;

export type StoreProcess = {
  child: ChildProcess;
  /** `http://127.0.0.1:<port>`, once it listens. */
  url: string;
  output(): string;
  /** SIGKILL, and waits for the exit. */
  kill(): Promise<void>;
};

/**
 * Starts the store with `env` (DATA_DIR, SITE_DIR, DATABASE_URL...) and waits until it listens;
 * `nodeArgs` go to node before the entry (e.g. another `--import`).
 */
export async function startStoreProcess(
  env: Record<string, string>,
  nodeArgs: readonly string[] = [],
): Promise<StoreProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", ...nodeArgs, ENTRY], {
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

/**
 * Starts crash-child.ts (the API alone on the SQLite `file`, private files in `filesDir` when
 * given) and waits for the port it prints: the child, to kill, and its base URL.
 */
export async function startCrashChild(
  file: string,
  filesDir?: string,
): Promise<{ child: ChildProcess; base: string }> {
  const args = filesDir === undefined ? [file] : [file, filesDir];
  const child = spawn(process.execPath, ["--import", "tsx", CRASH_CHILD, ...args], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const port = await new Promise<string>((resolve, reject) => {
    let output = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /PORT (\d+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    });
    child.once("exit", (code) => reject(new Error(`child exited early (${code})`)));
  });
  return { child, base: `http://127.0.0.1:${port}` };
}
