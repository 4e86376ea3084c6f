import { describe, expect, test } from "vitest";
import type { PendingChange } from "../api/drafts-api.ts";
import { AFTER_DUE_MS, refreshDelay, STILL_PENDING_MS } from "./use-scheduled-refresh.ts";

const NOW = Date.parse("2026-12-01T09:00:00Z");

function change(itemId: string, publishAt: string | null): PendingChange {
  return {
    collectionId: "About",
    itemId,
    kind: "put",
    data: { _id: itemId },
    publishAt,
    savedBy: "owner@example.com",
    savedAt: "2026-12-01T08:00:00Z",
  };
}

describe("when the editor asks the store again", () => {
  test("never, while nothing is scheduled", () => {
    expect(refreshDelay([change("a", null)], NOW)).toBeNull();
  });

  test("a moment after the earliest scheduled time", () => {
    const changes = [change("a", "2026-12-01T09:10:00Z"), change("b", "2026-12-01T09:02:00Z")];
    expect(refreshDelay(changes, NOW)).toBe(2 * 60_000 + AFTER_DUE_MS);
  });

  test("again after a while, while a change past its time is still pending", () => {
    expect(refreshDelay([change("a", "2026-12-01T08:59:00Z")], NOW)).toBe(STILL_PENDING_MS);
  });

  test("within the hour for a change weeks away (then it is set again)", () => {
    expect(refreshDelay([change("a", "2027-01-01T09:00:00Z")], NOW)).toBe(3_600_000);
  });
});
