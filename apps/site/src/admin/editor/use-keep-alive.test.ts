import { HttpError } from "@consultant/content-client";
import { renderHook } from "@testing-library/react";
import { afterEach, expect, test, vi } from "vitest";
import type { EditorApi } from "../api/editor-api.ts";
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
  renderHook(() => useKeepAlive({ session } as unknown as EditorApi));
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
  const { session, logged } = await typeAfterSixMinutesWhileSessionFails(
    new HttpError({
      message: "Sign in again",
      code: "OWNER_SIGN_IN_REQUIRED",
      status: 401,
      details: null,
      description: undefined,
      data: null,
      requestId: null,
      request: { method: "GET", url: "/admin/api/session" },
    }),
  );
  expect(session).toHaveBeenCalledTimes(1);
  expect(logged).not.toHaveBeenCalled();
});
