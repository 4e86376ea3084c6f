/**
 * Bad bodies against every data endpoint, table-driven: each case must be refused with a 4xx in
 * the protocol's error shape (never a 5xx), naming the field it spoils, and the database must be
 * exactly as before. The transport, GET forms, text and GraphQL have files of their own
 * (hostile-*.test.ts); the identity endpoints identity-hostile-input.test.ts.
 */
import { describe, expect, test } from "vitest";
import { violatedFields } from "../../main/test-kit/api.ts";
import { hostileDataApp, reasonOf } from "../../main/test-kit/hostile-data-app.ts";
import { CASES, ENDPOINTS } from "../../main/test-kit/hostile-data-cases.ts";

const h = hostileDataApp();

/** Matches `field` itself or a path inside it (`filter.a.$in[3]` for `filter`). */
const fieldOrInside = (field: string) =>
  new RegExp(`^${field.replace(/[.$[\]]/g, "\\$&")}($|[.[])`);

describe("hostile JSON bodies on every endpoint", () => {
  test("covers every endpoint with many cases", () => {
    expect(new Set(CASES.map((c) => c.endpoint.name)).size).toBe(ENDPOINTS.length);
    expect(CASES.length).toBeGreaterThan(300);
  });

  test.each(CASES)(
    "$endpoint.name: $name -> $status $code, data unchanged",
    async ({ endpoint, body, status, code, field }) => {
      const response = await h.t.app.inject({
        method: endpoint.method,
        url: `/wix-data/v2/${endpoint.url}`,
        headers: { authorization: h.t.apiKey, "content-type": "application/json" },
        payload: JSON.stringify(body) ?? "",
      });
      expect(response.statusCode).toBe(status);
      expect(reasonOf(response)).toBe(code);
      if (field !== "") {
        expect(violatedFields(response)).toContainEqual(
          expect.stringMatching(fieldOrInside(field)),
        );
      }
      h.expectRefused(response);
    },
  );
});
