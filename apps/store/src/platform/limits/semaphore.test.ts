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
