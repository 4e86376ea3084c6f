import { afterEach, describe, expect, test, vi } from "vitest";
import { CHUNK_LOAD_TIMEOUT_MS, ChunkLoadError, loadChunk } from "./load-chunk.ts";

afterEach(() => {
  vi.useRealTimers();
});

describe("loadChunk", () => {
  test("resolves with the loaded module", async () => {
    await expect(loadChunk("content-client", async () => ({ ok: true }))).resolves.toEqual({
      ok: true,
    });
  });

  test("a failed load rejects with 'Loading chunk {id} failed', keeping the cause", async () => {
    const cause = new TypeError("Failed to fetch dynamically imported module");
    const error = await loadChunk("content-client", () => Promise.reject(cause)).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as Error).message).toBe("Loading chunk content-client failed");
    expect((error as Error).cause).toBe(cause);
  });

  test("a load still pending after 120 s rejects", async () => {
    vi.useFakeTimers();
    let outcome: unknown = "pending";
    loadChunk("web-vitals", () => new Promise(() => {})).catch((error: unknown) => {
      outcome = error;
    });
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    expect(outcome).toBe("pending");
    await vi.advanceTimersByTimeAsync(1);
    expect((outcome as Error).message).toBe("Loading chunk web-vitals failed");
  });

  test("the timeout is 120 seconds", () => {
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
  });

  test("a loader that throws at once rejects the same way", async () => {
    await expect(
      loadChunk("x", () => {
        throw new Error("boom");
      }),
    ).rejects.toThrow("Loading chunk x failed");
  });
});
