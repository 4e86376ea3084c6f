/**
 * @module `npm run store -- owner <command>`: sets the owner password in DATA_DIR's database
 * (also while the store runs). The password comes from the terminal without echo, or from
 * piped stdin; it is never printed or stored, only its argon2id hash.
 */

import { hashPassword, PASSWORD_MIN_LENGTH, passwordProblem } from "../../identity/index.ts";
import { createOwnerCredentials, promptHidden, readFirstLine } from "../../owner/index.ts";
import { readEnvConfig } from "../../platform/config.ts";
import { withStoreDb } from "../../platform/db/open.ts";

const USAGE = `Usage: npm run store -- owner set-password

Sets the password for /admin (at least ${PASSWORD_MIN_LENGTH} characters). Type it at the prompt,
or pipe it: printf '%s\\n' "$PASSWORD" | npm run store -- owner set-password
Uses DATA_DIR (default ./data). Signs out every open editor session of the owner and turns
the owner's two-step verification off (the way back in after a lost authenticator).`;

async function readNewPassword(): Promise<string | null> {
  const { stdin, stderr } = process;
  if (!stdin.isTTY) return readFirstLine(stdin);
  const first = await promptHidden(stdin, stderr, "New owner password: ");
  if (first === null) return null;
  const problem = passwordProblem(first);
  if (problem !== null) return first;
  const second = await promptHidden(stdin, stderr, "Type it again: ");
  if (second === null) return null;
  if (second !== first) {
    console.error("owner: the two passwords differ; nothing changed");
    return null;
  }
  return first;
}

async function setPassword(): Promise<number> {
  const config = readEnvConfig(process.env, process.cwd());
  const password = await readNewPassword();
  if (password === null) return 1;
  const problem = passwordProblem(password);
  if (problem !== null) {
    console.error(`owner: ${problem}; nothing changed`);
    return 1;
  }
  const hash = await hashPassword(password);
  withStoreDb(config, (db) => createOwnerCredentials(db, Date.now).setPasswordHash(hash));
  console.log(
    `owner: password set in ${config.dataDir}; two-step verification is off. Sign in at /admin.`,
  );
  return 0;
}

/** Runs an owner sub-command; returns the process exit code. */
export async function runOwnerCli(args: readonly string[]): Promise<number> {
  if (args[0] === "set-password" && args.length === 1) {
    try {
      return await setPassword();
    } catch (error) {
      console.error(`owner: ${error instanceof Error ? error.message : String(error)}`);
      return 1;
    }
  }
  console.error(USAGE);
  return args.length === 0 || args[0] === "help" || args[0] === "--help" ? 0 : 2;
}
