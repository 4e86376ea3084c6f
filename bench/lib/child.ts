import { type ChildProcess, spawn } from "node:child_process";
import { ROOT_DIR } from "./paths.ts";

const OUTPUT_TAIL_CHARS = 16_000;
const STOP_GRACE_MS = 5_000;
const live = new Set<ChildProcess>();

// A crashed or interrupted bench must not leave servers holding ports.
process.on("exit", () => {
  for (const child of live) child.kill("SIGKILL");
});

export interface Child {
  readonly name: string;
  readonly process: ChildProcess;
  /** The last few thousand characters of stdout and stderr, for error messages. */
  output(): string;
  /** Resolves with the first stdout line matching `pattern`, or rejects on exit or timeout. */
  waitForLine(pattern: RegExp, timeoutMs: number): Promise<RegExpMatchArray>;
  stop(): Promise<void>;
}

export interface StartChildOptions {
  env?: NodeJS.ProcessEnv;
  cwd?: string;
}

/** Starts a process whose output is kept (not inherited) and which is killed when the bench exits. */
export function startChild(
  name: string,
  command: string,
  args: readonly string[],
  options: StartChildOptions = {},
): Child {
  const child = spawn(command, args, {
    cwd: options.cwd ?? ROOT_DIR,
    env: { ...process.env, ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  live.add(child);
  let tail = "";
  let stdoutBuffer = "";
  const lineListeners = new Set<(line: string) => void>();
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-OUTPUT_TAIL_CHARS);
  };
  child.stdout?.on("data", (chunk: Buffer) => {
    keep(chunk);
    stdoutBuffer += chunk.toString();
    const lines = stdoutBuffer.split("\n");
    stdoutBuffer = lines.pop() ?? "";
    for (const line of lines) for (const listener of lineListeners) listener(line);
  });
  child.stderr?.on("data", keep);
  const exited = new Promise<void>((resolve) => {
    child.on("exit", () => {
      live.delete(child);
      resolve();
    });
  });

  return {
    name,
    process: child,
    output: () => tail,
    waitForLine: (pattern, timeoutMs) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`${name}: no line matching ${pattern} within ${timeoutMs} ms\n${tail}`));
        }, timeoutMs);
        const onLine = (line: string) => {
          const match = line.match(pattern);
          if (!match) return;
          cleanup();
          resolve(match);
        };
        const onExit = (code: number | null) => {
          cleanup();
          reject(new Error(`${name} exited (code ${code}) before it was ready\n${tail}`));
        };
        const cleanup = () => {
          clearTimeout(timer);
          lineListeners.delete(onLine);
          child.off("exit", onExit);
        };
        lineListeners.add(onLine);
        child.on("exit", onExit);
      }),
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), STOP_GRACE_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Starts one of the bench's own TypeScript entry points under tsx. */
export function startTsChild(
  name: string,
  file: string,
  args: readonly string[],
  options: StartChildOptions = {},
): Child {
  return startChild(name, process.execPath, ["--import", "tsx", file, ...args], options);
}
