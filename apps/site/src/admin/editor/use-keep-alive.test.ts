import { renderHook } from "@testing-library/react";
import { afterEach, expect, test, vi } from "vitest";
import type { AdminApi } from "../api/admin-api.ts";
import { SessionEndedError } from "../api/api-errors.ts";
import { useKeepAlive } from "./use-keep-alive.ts";

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** Renders the hook with `session()` failing as given, then types after six minutes. */
async function typeAfterSixMinutesWhileSessionFails(failure: Error) {
  vi.useFakeTimers({ toFake: ["Date"] });
  const logged = vi.spyOn(console, "error").mockImplementation(() => {});
  const session = vi.fn(() => Promise.reject(failure));
  renderHook(() => useKeepAlive({ session } as unknown as AdminApi));
  vi.setSystemTime(Date.now() + 6 * 60_000);
  document.dispatchEvent(new Event("input"));
  await Promise.resolve();
  await Promise.resolve();
  return { session, logged };
}

test("a keep-alive that fails for an unexpected reason is logged", async () => {
  const failure = new TypeError("Failed to fetch");
  const { session, logged } = await typeAfterSixMinutesWhileSessionFails(failure);
  expect(session).toHaveBeenCalledTimes(1);
  expect(logged).toHaveBeenCalledWith("Keeping the editor session alive failed:", failure);
});

test("a keep-alive that finds the session ended is not reported as an error", async () => {
  const { session, logged } = await typeAfterSixMinutesWhileSessionFails(new SessionEndedError());
  expect(session).toHaveBeenCalledTimes(1);
  expect(logged).not.toHaveBeenCalled();
});
