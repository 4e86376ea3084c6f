/**
 * Publishing a draft is a save like any other (history, content version, CDN purge, the page)
 * plus a record of who published; a scheduled change goes live when the store's clock reaches
 * its time, once, and a store that starts after that time publishes it as it starts.
 */
import { afterEach, describe, expect, test, vi } from "vitest";
import { createItemsStore } from "../../data/storage/items-store.ts";
import { createApp } from "../../main/app.ts";
import { createDraftsKit, type DraftsKit } from "../../main/test-kit/drafts-kit.ts";
import {
  type PurgeReceiver,
  startPurgeReceiver,
  until,
} from "../../main/test-kit/purge-receiver.ts";
import { createTestClock } from "../../main/test-kit/test-clock.ts";
import { openTestDb } from "../../main/test-kit/test-db.ts";
import { createDraftsStore } from "../storage/drafts-store.ts";

const HOUR = 60 * 60 * 1000;
const START_MS = Date.parse("2026-06-01T09:00:00Z");
let kit: DraftsKit | undefined;
let receiver: PurgeReceiver | undefined;
afterEach(async () => {
  await kit?.app.close();
  receiver?.close();
  kit = undefined;
});

async function start(): Promise<DraftsKit> {
  receiver = await startPurgeReceiver();
  kit = await createDraftsKit({ purgeUrl: receiver.url });
  kit.insert("Clients", [{ _id: "c1", itemData: "Old words", order: 1 }]);
  await kit.app.ready();
  // The next write's answer purges the seed's version; the tests count what comes after.
  await kit.call("POST", "/api/drafts/publish", { collectionId: "Clients", itemIds: ["none"] });
  await until(() => receiver?.notices.length === 1);
  receiver.notices.length = 0;
  return kit;
}

const iso = (ms: number) => new Date(ms).toISOString();
const itemData = (k: DraftsKit, id: string) => k.store.getItem("Clients", id)?.data.itemData;

async function historyOf(k: DraftsKit, id: string) {
  const response = await k.call("GET", `/api/history/Clients/${id}`);
  return (response.json() as { versions: { data: { itemData: string } }[] }).versions;
}

describe("publish now", () => {
  test("writes through the item writer: history, content version, purge, page, and who published", async () => {
    const k = await start();
    await k.draft("Clients", "c1", { itemData: "New words", order: 1 });
    const version = k.store.contentVersion();
    const published = await k.call("POST", "/api/drafts/publish", { collectionId: "Clients" });
    expect(published.statusCode).toBe(200);
    const [record] = (published.json() as { published: Record<string, unknown>[] }).published;
    expect(record).toMatchObject({
      collectionId: "Clients",
      itemId: "c1",
      kind: "put",
      publishedBy: "owner",
      scheduledBy: null,
    });
    expect(itemData(k, "c1")).toBe("New words");
    expect((await historyOf(k, "c1")).map((entry) => entry.data.itemData)).toEqual(["Old words"]);
    expect(k.store.contentVersion()).toBeGreaterThan(version);
    await until(() => (receiver?.notices.length ?? 0) > 0);
    expect(receiver?.notices.map((notice) => notice.contentVersion)).toEqual([
      k.store.contentVersion(),
    ]);
    expect((await k.pageContent()).Clients).toEqual([
      expect.objectContaining({ _id: "c1", itemData: "New words" }),
    ]);
    expect((await k.call("GET", "/api/drafts")).json()).toEqual({ changes: [] });
    const records = (await k.call("GET", "/api/publications?collectionId=Clients")).json();
    expect(records).toEqual({ publications: [record] });
  });

  test("of a new item inserts it, and of a removal takes the item off the page", async () => {
    const k = await start();
    await k.draft("Clients", "c2", { itemData: "A new client", order: 2 });
    const removal = await k.call("PUT", "/api/drafts", {
      collectionId: "Clients",
      changes: [{ itemId: "c1", kind: "remove" }],
    });
    expect(removal.statusCode).toBe(200);
    const published = await k.call("POST", "/api/drafts/publish", { collectionId: "Clients" });
    expect(published.json().published.map((p: { kind: string }) => p.kind)).toEqual([
      "put",
      "remove",
    ]);
    expect((await k.pageContent()).Clients?.map((item) => item._id)).toEqual(["c2"]);
  });

  test("publishes only the items named", async () => {
    const k = await start();
    await k.draft("Clients", "c1", { itemData: "Changed", order: 1 });
    await k.draft("Clients", "c2", { itemData: "Kept back", order: 2 });
    await k.call("POST", "/api/drafts/publish", { collectionId: "Clients", itemIds: ["c1"] });
    expect(itemData(k, "c1")).toBe("Changed");
    expect(k.store.getItem("Clients", "c2")).toBeNull();
    const left = (await k.call("GET", "/api/drafts")).json().changes;
    expect(left.map((change: { itemId: string }) => change.itemId)).toEqual(["c2"]);
  });
});

describe("discarding", () => {
  test("drops the chosen pending changes and leaves the live items as they were", async () => {
    const k = await start();
    await k.draft("Clients", "c1", { itemData: "Second thoughts", order: 1 });
    await k.draft("Clients", "c2", { itemData: "Maybe later", order: 2 });
    await k.call("PUT", "/api/drafts", {
      collectionId: "Clients",
      changes: [{ itemId: "c1", kind: "remove" }],
    });
    const one = await k.call("DELETE", "/api/drafts", {
      collectionId: "Clients",
      itemIds: ["c1"],
      kind: "put",
    });
    expect(one.json()).toEqual({ discarded: 1 });
    const left = (await k.call("GET", "/api/drafts")).json().changes;
    const keys = left.map((c: { itemId: string; kind: string }) => `${c.itemId} ${c.kind}`);
    expect(keys.sort()).toEqual(["c1 remove", "c2 put"]);
    expect((await k.call("DELETE", "/api/drafts", { collectionId: "Clients" })).json()).toEqual({
      discarded: 2,
    });
    expect((await k.call("GET", "/api/drafts")).json()).toEqual({ changes: [] });
    expect(itemData(k, "c1")).toBe("Old words");
    expect((await k.call("GET", "/api/publications")).json()).toEqual({ publications: [] });
  });
});

describe("scheduled", () => {
  test("a put goes live when the clock reaches its time, by the scheduler's own timer, once", async () => {
    const k = await start();
    await k.draft("Clients", "c1", { itemData: "On Monday", order: 1 }, iso(k.clock.ms + HOUR));
    expect(k.app.draftScheduler.runDue()).toEqual([]);
    expect(itemData(k, "c1")).toBe("Old words");
    k.clock.ms += HOUR;
    await until(() => itemData(k, "c1") === "On Monday");
    expect(itemData(k, "c1")).toBe("On Monday");
    expect(k.app.draftScheduler.runDue()).toEqual([]);
    const records = (await k.call("GET", "/api/publications")).json().publications;
    expect(records).toEqual([
      expect.objectContaining({ itemId: "c1", publishedBy: null, scheduledBy: "owner" }),
    ]);
    expect(await historyOf(k, "c1")).toHaveLength(1);
    await until(() => (receiver?.notices.length ?? 0) > 0);
    expect(receiver?.notices.map((notice) => notice.contentVersion)).toEqual([
      k.store.contentVersion(),
    ]);
  });

  test("publish with `at` schedules the pending puts; unpublish plans a removal (a seasonal offer)", async () => {
    const k = await start();
    await k.draft("Clients", "c2", { itemData: "Winter offer", order: 2 });
    const scheduled = await k.call("POST", "/api/drafts/publish", {
      collectionId: "Clients",
      at: iso(k.clock.ms + HOUR),
    });
    expect(scheduled.json().changes).toEqual([
      expect.objectContaining({ itemId: "c2", publishAt: iso(k.clock.ms + HOUR) }),
    ]);
    k.clock.ms += HOUR;
    expect(k.app.draftScheduler.runDue()).toHaveLength(1);
    const log = await k.call("GET", "/api/audit");
    expect(log.json().entries.map((entry: { sentence: string }) => entry.sentence)).toEqual(
      expect.arrayContaining([
        "You scheduled the Ideal clients to go live.",
        "The Ideal clients went live as scheduled.",
      ]),
    );
    const off = await k.call("POST", "/api/drafts/unpublish", {
      collectionId: "Clients",
      itemId: "c2",
      at: iso(k.clock.ms + 24 * HOUR),
    });
    expect(off.statusCode).toBe(200);
    expect((await k.pageContent()).Clients?.map((item) => item._id)).toEqual(["c1", "c2"]);
    k.clock.ms += 24 * HOUR;
    expect(k.app.draftScheduler.runDue()).toEqual([
      expect.objectContaining({ itemId: "c2", kind: "remove", publishedBy: null }),
    ]);
    expect((await k.pageContent()).Clients?.map((item) => item._id)).toEqual(["c1"]);
  });

  test("unpublishing an item that is not live is ITEM_NOT_FOUND and plans nothing", async () => {
    const k = await start();
    const off = await k.call("POST", "/api/drafts/unpublish", {
      collectionId: "Clients",
      itemId: "nobody",
      at: iso(k.clock.ms + HOUR),
    });
    expect(off.statusCode).toBe(404);
    expect(off.json().details.applicationError.code).toBe("WDE0073");
    expect((await k.call("GET", "/api/drafts")).json()).toEqual({ changes: [] });
  });
});

describe("a scheduled change whose data can no longer be written", () => {
  test("is kept as an unscheduled draft, not retried on every pass", async () => {
    const k = await start();
    k.insert("SiteSettings", [{ _id: "site", email: "alex@example.com" }]);
    // Written around the checks (as an older store's draft might be): a pass must not loop on it.
    createDraftsStore(k.db).save({
      collectionId: "SiteSettings",
      itemId: "site",
      kind: "put",
      data: { _id: "site", email: "not an e-mail" },
      publishAt: k.clock.ms - 1,
      savedBy: "owner",
      savedAt: k.clock.ms - 2,
      scheduledBy: "owner",
    });
    expect(k.app.draftScheduler.runDue()).toEqual([]);
    expect(k.store.getItem("SiteSettings", "site")?.data.email).toBe("alex@example.com");
    const [kept] = (await k.call("GET", "/api/drafts?collectionId=SiteSettings")).json().changes;
    expect(kept).toMatchObject({ itemId: "site", publishAt: null });
    expect((await k.call("GET", "/api/publications")).json()).toEqual({ publications: [] });
  });
});

describe("a store started after a change's time", () => {
  test("publishes it as it starts", async () => {
    const db = openTestDb();
    const clock = { ms: Date.parse("2026-12-01T08:00:00Z") };
    const store = createItemsStore(db);
    store.insert("Clients", { _id: "c1", itemData: "Autumn" }, { now: clock.ms, ownerId: "o" });
    createDraftsStore(db).save({
      collectionId: "Clients",
      itemId: "c1",
      kind: "put",
      data: { _id: "c1", itemData: "Winter" },
      publishAt: clock.ms - HOUR,
      savedBy: "owner",
      savedAt: clock.ms - 2 * HOUR,
      scheduledBy: "owner",
    });
    const app = createApp({
      db,
      config: { clientId: "test-client", signingKey: new Uint8Array(32).fill(3) },
      now: () => clock.ms,
    });
    try {
      await app.ready();
      expect(store.getItem("Clients", "c1")?.data.itemData).toBe("Winter");
      expect(createDraftsStore(db).publications(null)).toEqual([
        expect.objectContaining({ itemId: "c1", publishedBy: null, publishedAt: clock.ms }),
      ]);
    } finally {
      await app.close();
      db.close();
    }
  });
});

describe("the scheduler's own timer", () => {
  test("publishes a change within 1 s of its time, and not before", async () => {
    // The timer and the clock are Vitest's, so the bound is checked without racing the machine.
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"], now: START_MS });
    const db = openTestDb();
    const store = createItemsStore(db);
    store.insert("Clients", { _id: "c1", itemData: "Before" }, { now: Date.now(), ownerId: "o" });
    const app = createApp({
      db,
      config: { clientId: "test-client", signingKey: new Uint8Array(32).fill(3) },
    });
    try {
      await app.ready();
      const publishAt = Date.now() + 500;
      createDraftsStore(db).save({
        collectionId: "Clients",
        itemId: "c1",
        kind: "put",
        data: { _id: "c1", itemData: "On time" },
        publishAt,
        savedBy: "owner",
        savedAt: Date.now(),
        scheduledBy: "owner",
      });
      vi.advanceTimersByTime(499);
      expect(store.getItem("Clients", "c1")?.data.itemData).toBe("Before");
      vi.advanceTimersByTime(500);
      expect(store.getItem("Clients", "c1")?.data.itemData).toBe("On time");
      const [record] = createDraftsStore(db).publications(null);
      expect(record?.publishedAt).toBeGreaterThanOrEqual(publishAt);
      expect(record?.publishedAt).toBeLessThan(publishAt + 1000);
    } finally {
      vi.useRealTimers();
      await app.close();
      db.close();
    }
  });
});

describe("the test surface", () => {
  test("a test clock given to createApp decides when the scheduler publishes", async () => {
    const clock = createTestClock(Date.parse("2026-06-01T00:00:00Z"));
    const db = openTestDb();
    const store = createItemsStore(db);
    store.insert("Clients", { _id: "c1", itemData: "Spring" }, { now: clock.now(), ownerId: "o" });
    createDraftsStore(db).save({
      collectionId: "Clients",
      itemId: "c1",
      kind: "put",
      data: { _id: "c1", itemData: "Summer" },
      publishAt: clock.now() + HOUR,
      savedBy: "owner",
      savedAt: clock.now(),
      scheduledBy: "owner",
    });
    const app = createApp({
      db,
      config: { clientId: "test-client", signingKey: new Uint8Array(32).fill(3) },
      now: clock.now,
    });
    try {
      await app.ready();
      expect(app.draftScheduler.runDue()).toEqual([]);
      clock.advance(HOUR);
      expect(app.draftScheduler.runDue()).toHaveLength(1);
      expect(store.getItem("Clients", "c1")?.data.itemData).toBe("Summer");
    } finally {
      await app.close();
      db.close();
    }
  });
});
