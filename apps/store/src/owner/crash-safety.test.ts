import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { expect, test } from "vitest";
import { createItemsStore } from "../data/storage/items-store.ts";
import { setOwnerPassword, signInOwnerAt } from "../main/test-kit/owner-signed-in.ts";
import { startCrashChild as startChild } from "../main/test-kit/store-process.ts";
import { openDb } from "../platform/db/open.ts";

const PASSWORD = "crash test owner password";
const ROUNDS = 6;
const SAVES_PER_ROUND = 30;
// Big enough that a write takes a little while, so kills land during saves.
const PAD = 200_000;

type Version = { a?: string; b?: string; c?: string; pad?: string };

function consistent(data: Version): boolean {
  return (
    typeof data.a === "string" &&
    data.a === data.b &&
    data.b === data.c &&
    data.pad === data.a.repeat(Math.ceil(PAD / data.a.length)).slice(0, PAD)
  );
}

function version(token: string): Version {
  return {
    a: token,
    b: token,
    c: token,
    pad: token.repeat(Math.ceil(PAD / token.length)).slice(0, PAD),
  };
}

async function signIn(base: string): Promise<{ cookie: string; csrf: string }> {
  const { cookie, csrfToken } = await signInOwnerAt(base, { password: PASSWORD });
  return { cookie, csrf: csrfToken };
}

test("killing the server during saves leaves whole versions, in the item and in its history", async () => {
  const file = join(mkdtempSync(join(tmpdir(), "crash-")), "store.db");
  const setup = openDb(file);
  await setOwnerPassword(setup, { password: PASSWORD });
  createItemsStore(setup).insert(
    "About",
    { _id: "about", ...version("start") },
    {
      now: Date.now(),
      ownerId: "o",
    },
  );
  setup.close();

  let answered = 0;
  let cut = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const { child, base } = await startChild(file);
    const exited = new Promise((resolve) => child.once("exit", resolve));
    const owner = await signIn(base);
    const saves = Array.from({ length: SAVES_PER_ROUND }, (_, index) =>
      fetch(`${base}/wix-data/v2/items/update`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          cookie: owner.cookie,
          "x-csrf-token": owner.csrf,
        },
        body: JSON.stringify({
          dataCollectionId: "About",
          dataItem: { id: "about", data: { _id: "about", ...version(`r${round}s${index}-`) } },
        }),
      }).catch(() => null),
    );
    await new Promise((resolve) => setTimeout(resolve, 20 + round * 15));
    child.kill("SIGKILL");
    await exited;
    const responses = await Promise.all(saves);
    answered += responses.filter((response) => response?.ok).length;
    cut += responses.filter((response) => response === null).length;

    const db = new Database(file);
    try {
      expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
      const row = db
        .prepare<[], { data: string }>(
          "SELECT data FROM items WHERE collection_id = 'About' AND id = 'about'",
        )
        .get();
      expect(row && consistent(JSON.parse(row.data) as Version)).toBe(true);
      const history = db
        .prepare<[], { data: string }>(
          "SELECT data FROM item_history WHERE collection_id = 'About' AND item_id = 'about'",
        )
        .all();
      for (const entry of history) expect(consistent(JSON.parse(entry.data) as Version)).toBe(true);
    } finally {
      db.close();
    }
  }
  // The kills must have landed while saves were both finishing and still in flight.
  expect(answered).toBeGreaterThan(0);
  expect(cut).toBeGreaterThan(0);
}, 120_000);
