/**
 * Two real store processes on one PostgreSQL schema, sent 64 item updates at once, half through
 * each: of 64 different items, then of one item, then 64 increments of one item (a read, a
 * change and a write in one transaction). Writers no longer wait on one content-version
 * row, and an update without a condition is written without reading the item first, so this
 * holds that no update is lost and that each one bumps the content version exactly once.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { TEST_DATABASE_URL } from "../main/test-kit/test-db.ts";
import {
  callNode,
  clusterTitle,
  NO_POSTGRES,
  type TwoNodesInUse,
  useTwoStoreProcesses,
} from "../main/test-kit/two-nodes.ts";
import { PgDb } from "../platform/db/postgres/pg-db.ts";

const WRITERS = 64;
const COLLECTION = "Clients";

let two: TwoNodesInUse;
let db: PgDb;

async function call(base: string, path: string, body: unknown) {
  return callNode(base, "POST", path, { body, headers: { authorization: two.apiKey } });
}

const update = (writer: number, id: string, text: string) =>
  call((writer % 2 === 0 ? two.a : two.b).url, "/wix-data/v2/items/update", {
    dataCollectionId: COLLECTION,
    dataItem: { id, data: { title: text } },
  });

/** The item's title as stored, and the titles its history kept, oldest first. */
function storedTitles(id: string) {
  const title = db.query<{ title: string }>(
    "SELECT data ->> 'title' AS title FROM items WHERE collection_id = $1 AND id = $2",
    [COLLECTION, id],
  ).rows[0]?.title;
  const history = db
    .query<{ title: string }>(
      `SELECT data ->> 'title' AS title FROM item_history
       WHERE collection_id = $1 AND item_id = $2 ORDER BY version_id`,
      [COLLECTION, id],
    )
    .rows.map((row) => row.title);
  return { title, history };
}

/** The content version once this connection heard of the writes (every one answered, so committed). */
async function versionAfter(before: number): Promise<number> {
  const version = db.contentVersion();
  const started = Date.now();
  while (version.current() === before && Date.now() - started < 5000) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return version.current();
}

describe.skipIf(NO_POSTGRES !== null)(
  clusterTitle("64 concurrent item updates over two nodes"),
  () => {
    two = useTwoStoreProcesses();
    beforeAll(async () => {
      db = PgDb.open({ url: TEST_DATABASE_URL, schema: two.cluster.schema });
      const first = two.a;
      const items = Array.from({ length: WRITERS }, (_, i) => ({
        id: `item-${i}`,
        data: { title: "before" },
      }));
      const inserted = await call(first.url, "/wix-data/v2/bulk/items/insert", {
        dataCollectionId: COLLECTION,
        dataItems: items,
      });
      expect(inserted.status).toBe(200);
    }, 120_000);

    afterAll(() => db?.close());

    test("64 items updated at once: each answered, stored, its old value kept, the version +64", async () => {
      const before = db.contentVersion().current();
      const answers = await Promise.all(
        Array.from({ length: WRITERS }, (_, i) => update(i, `item-${i}`, `after ${i}`)),
      );
      expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
      for (let i = 0; i < WRITERS; i++) {
        expect(answers[i]?.json.dataItem).toMatchObject({ id: `item-${i}` });
        expect(storedTitles(`item-${i}`)).toEqual({ title: `after ${i}`, history: ["before"] });
      }
      expect(await versionAfter(before)).toBe(before + WRITERS);
    }, 60_000);

    test("one item updated 64 times at once: no update lost, the version +64", async () => {
      const before = db.contentVersion().current();
      const texts = Array.from({ length: WRITERS }, (_, i) => `same ${i}`);
      const answers = await Promise.all(texts.map((text, i) => update(i, "item-0", text)));
      expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
      // Every update replaced the one before it: the 64 texts are the history's last 63 and the
      // stored title, each once.
      const { title, history } = storedTitles("item-0");
      const written = [...history.slice(2), title].sort();
      expect(written).toEqual([...texts].sort());
      expect(history.slice(0, 2)).toEqual(["before", "after 0"]);
      expect(await versionAfter(before)).toBe(before + WRITERS);
    }, 60_000);

    test("64 increments of one item at once over two nodes: the count is 64, none lost", async () => {
      const answers = await Promise.all(
        Array.from({ length: WRITERS }, (_, i) =>
          call((i % 2 === 0 ? two.a : two.b).url, "/wix-data/v2/items/patch", {
            dataCollectionId: COLLECTION,
            patch: {
              dataItemId: "item-1",
              fieldModifications: [
                {
                  fieldPath: "count",
                  action: "INCREMENT_FIELD",
                  incrementFieldOptions: { value: 1 },
                },
              ],
            },
          }),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
      const counts = answers.map(
        (answer) => (answer.json.dataItem as { data: { count: number } }).data.count,
      );
      expect(counts.sort((a, b) => a - b)).toEqual(
        Array.from({ length: WRITERS }, (_, i) => i + 1),
      );
      const stored = db.query<{ count: number }>(
        "SELECT (data ->> 'count')::int AS count FROM items WHERE collection_id = $1 AND id = 'item-1'",
        [COLLECTION],
      );
      expect(stored.rows[0]?.count).toBe(WRITERS);
    }, 60_000);
  },
);
