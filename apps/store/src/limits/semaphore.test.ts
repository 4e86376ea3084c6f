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
