import { afterEach, expect, test, vi } from "vitest";
import { type StoreInProcess, startStoreInProcess } from "../test-helpers/store-in-process.ts";
import { conflictingItem, isConflict, isSessionEnded } from "./store-errors.ts";

// Each test starts the real store and signs in (argon2id): seconds on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

let running: StoreInProcess | undefined;
afterEach(async () => {
  await running?.close();
});

const LINE = { _id: "a", order: 1, itemData: "First line" };

async function start() {
  running = await startStoreInProcess({ Clients: [LINE] });
  return running;
}

test("a save conditioned on an outdated version is a conflict naming the stored item, and writes nothing", async () => {
  const store = await start();
  store.writeElsewhere("Clients", "a", { itemData: "Saved elsewhere" });
  const error = await store.api.items
    .update({
      dataCollectionId: "Clients",
      dataItem: { id: "a", data: { ...LINE, itemData: "Mine" } },
      condition: { filter: { _updatedDate: { $eq: new Date("2000-01-01T00:00:00.000Z") } } },
    })
    .catch((caught: unknown) => caught);
  expect(isConflict(error)).toBe(true);
  expect(conflictingItem(error)).toMatchObject({ _id: "a", itemData: "Saved elsewhere" });
  expect(store.stored("Clients", "a")?.itemData).toBe("Saved elsewhere");
});

test("a save after the session ended elsewhere reports the ended session", async () => {
  const store = await start();
  const onSessionEnded = vi.fn();
  const editor = store.createApi({ onSessionEnded });
  await editor.session();
  await store.api.signOut();
  const error = await editor.items
    .insert({ dataCollectionId: "Clients", dataItem: { data: { itemData: "New" } } })
    .catch((caught: unknown) => caught);
  expect(isSessionEnded(error)).toBe(true);
  expect(onSessionEnded).toHaveBeenCalledOnce();
  expect(store.storedItems("Clients")).toHaveLength(1);
});

test("a wrong password is the store's message, not an ended session", async () => {
  const store = await start();
  const onSessionEnded = vi.fn();
  const editor = store.createApi({ onSessionEnded });
  await expect(editor.signIn("not the password")).rejects.toThrow("Wrong password");
  expect(onSessionEnded).not.toHaveBeenCalled();
});

test("a preview renders the page with the unsaved items and writes nothing", async () => {
  const store = await start();
  const html = await store.api.preview("Clients", [{ ...LINE, itemData: "Unsaved" }]);
  expect(html).toContain("Unsaved");
  expect(store.stored("Clients", "a")?.itemData).toBe("First line");
});
