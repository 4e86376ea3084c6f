/**
 * @module The data API under hostile input: one store with a few items and a reference, a
 * snapshot of every table a refused call must leave alone, and the check of a refusal (a 4xx in
 * the protocol's error shape, naming the gate, with nothing changed).
 */
import { afterAll, beforeAll, expect } from "vitest";
import { ERROR_CATALOGUE, type ErrorCode } from "../../platform/errors.ts";
import { C, REF } from "./hostile-data-cases.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

type Answer = { statusCode: number; json: () => unknown };

const CATALOGUE_NAME = new Map<string, ErrorCode>(
  Object.entries(ERROR_CATALOGUE).map(([name, entry]) => [
    "wireCode" in entry ? entry.wireCode : name,
    name as ErrorCode,
  ]),
);

/** The catalogue name of an error answer: which gate refused it. */
export function reasonOf(response: { json: () => unknown }): ErrorCode | undefined {
  const details = (response.json() as { details?: Record<string, { code?: string }> }).details;
  if (details?.validationError !== undefined) return "VALIDATION_FAILED";
  return CATALOGUE_NAME.get(details?.applicationError?.code ?? "");
}

export type HostileDataApp = {
  readonly t: TestApp;
  /** The tables as they were before any hostile call. */
  readonly before: unknown;
  snapshot(): string[][];
  /** A 4xx in the protocol's shape (by `code`'s gate, if given), every table unchanged. */
  expectRefused(response: Answer, code?: ErrorCode): void;
};

/** The store the calling test file sends its hostile calls to (made before, closed after). */
export function hostileDataApp(): HostileDataApp {
  let t: TestApp;
  let before: unknown;
  const snapshot = () =>
    ["items", "item_references", "collections", "collection_permissions", "api_key"].map((table) =>
      t.db
        .prepare(`SELECT * FROM ${table}`)
        .all()
        .map((row) => JSON.stringify(row))
        .sort(),
    );
  beforeAll(async () => {
    t = createTestApp();
    t.insert(C, [
      { _id: "a", n: 1, name: "A" },
      { _id: "b", n: 2 },
    ]);
    t.insert("Services", [{ _id: "s1" }]);
    await t.app.inject({
      method: "POST",
      url: "/wix-data/v2/items/insert-reference",
      headers: { authorization: t.apiKey },
      payload: {
        dataCollectionId: "Services",
        dataItemReference: { ...REF, referencedItemId: "b" },
      },
    });
    before = snapshot();
  });
  afterAll(() => t.app.close());
  return {
    get t() {
      return t;
    },
    get before() {
      return before;
    },
    snapshot,
    expectRefused(response, code) {
      if (code !== undefined) expect(reasonOf(response)).toBe(code);
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      const body = response.json() as { message?: unknown; details?: Record<string, unknown> };
      expect(body.message).toEqual(expect.any(String));
      expect(String(body.message).length).toBeGreaterThan(0);
      expect(Object.keys(body.details ?? {})).toHaveLength(1);
      expect(snapshot()).toEqual(before);
    },
  };
}
