import { expect, test } from "vitest";
import { createSemaphore } from "./semaphore.ts";

test("hands out at most its limit of slots", () => {
  const semaphore = createSemaphore(2);
  expect(semaphore.tryAcquire()).not.toBeNull();
  expect(semaphore.tryAcquire()).not.toBeNull();
  expect(semaphore.tryAcquire()).toBeNull();
});

test("a released slot can be taken again, and releasing twice frees one slot only", () => {
  const semaphore = createSemaphore(1);
  const release = semaphore.tryAcquire();
  release?.();
  release?.();
  expect(semaphore.tryAcquire()).not.toBeNull();
  expect(semaphore.tryAcquire()).toBeNull();
});

test("a semaphore without a whole slot is refused when made, not one that admits nobody", () => {
  for (const limit of [0, -1, 1.5, Number.NaN]) {
    expect(() => createSemaphore(limit)).toThrow("at least 1 slot");
  }
});

test("inUse counts the slots taken", () => {
  const semaphore = createSemaphore(3);
  const release = semaphore.tryAcquire();
  semaphore.tryAcquire();
  expect(semaphore.inUse).toBe(2);
  release?.();
  expect(semaphore.inUse).toBe(1);
});

test("a released slot goes to the best-ranked waiter first, then in arrival order", async () => {
  const semaphore = createSemaphore(1);
  const first = semaphore.tryAcquire();
  const order: string[] = [];
  const waitAs = async (rank: number, name: string) => {
    const release = await semaphore.acquire(rank, 1_000);
    order.push(release === null ? `${name} timed out` : name);
    release?.();
  };
  const waits = [waitAs(1, "clean 1"), waitAs(1, "clean 2"), waitAs(0, "trusted")];
  expect(semaphore.tryAcquire()).toBeNull();
  first?.();
  await Promise.all(waits);
  expect(order).toEqual(["trusted", "clean 1", "clean 2"]);
  expect(semaphore.inUse).toBe(0);
});

test("a wait ends empty-handed after its time, and leaves the queue", async () => {
  const semaphore = createSemaphore(1);
  semaphore.tryAcquire();
  expect(await semaphore.acquire(1, 5)).toBeNull();
  expect(semaphore.waiting).toBe(0);
});

test("a full queue refuses newcomers ranked no better, and pushes out its worst for a better one", async () => {
  const semaphore = createSemaphore(1, 2);
  const held = semaphore.tryAcquire();
  const clean = [semaphore.acquire(1, 1_000), semaphore.acquire(1, 1_000)];
  expect(await semaphore.acquire(1, 1_000)).toBeNull();
  const trusted = semaphore.acquire(0, 1_000);
  expect(await clean[1]).toBeNull();
  held?.();
  (await trusted)?.();
  (await clean[0])?.();
  expect(semaphore.inUse).toBe(0);
});
