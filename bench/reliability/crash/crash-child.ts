/** @module The store in a child process (store-child.ts) on a SQLite file or a PostgreSQL URL. */
import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const CHILD = fileURLToPath(new URL("./store-child.ts", import.meta.url));
const START_TIMEOUT_MS = 60_000;

/** The store child on `target`: a SQLite file or a PostgreSQL URL. */
export async function startChild(target: string): Promise<{ child: ChildProcess; base: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", CHILD, target], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const port = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`store child not ready:\n${output}`)),
      START_TIMEOUT_MS,
    );
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /PORT (\d+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on("data", read);
    child.stderr?.on("data", read);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`store child exited (${code}):\n${output}`));
    });
  });
  return { child, base: `http://127.0.0.1:${port}` };
}
