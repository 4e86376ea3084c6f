/**
 * SQL and JSON metacharacters, and unicode, in filters, field names and values are data, never
 * syntax: refused or matched literally, and stored and read back exactly.
 */
import { describe, expect, test } from "vitest";
import { hostileDataApp } from "../../main/test-kit/hostile-data-app.ts";
import { C } from "../../main/test-kit/hostile-data-cases.ts";
import { TEST_ADAPTER } from "../../main/test-kit/test-db.ts";
import { withoutNul } from "../../platform/db/postgres/without-nul.ts";

const h = hostileDataApp();

describe("metacharacters and unicode are data, not syntax", () => {
  const SQLISH = [
    "' OR 1=1 --",
    "a'); DROP TABLE items; --",
    '"; DELETE FROM items; --',
    "%_\\",
    "\u0000nul",
  ];

  test.each(SQLISH)(
    "a filter on field and value %j matches nothing and changes nothing",
    async (text) => {
      const response = await h.t.app.inject({
        method: "POST",
        url: "/wix-data/v2/items/query",
        headers: { authorization: h.t.apiKey },
        payload: {
          dataCollectionId: C,
          query: { filter: { [text]: text, $or: [{ name: { $contains: text } }] } },
        },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().dataItems).toEqual([]);
      expect(h.snapshot()).toEqual(h.before);
    },
  );

  test("such text round-trips exactly through insert and get, as field names and values", async () => {
    const data = Object.fromEntries(
      [...SQLISH, "Ünïcødé 😀", "\u{10FFFF}", "ℌ𝔢𝔩𝔩𝔬"].map((text, i) => [`${text}#${i}`, text]),
    );
    const inserted = await h.t.app.inject({
      method: "POST",
      url: "/wix-data/v2/items",
      headers: { authorization: h.t.apiKey },
      payload: { dataCollectionId: C, dataItem: { data: { _id: "weird 😀 '--", ...data } } },
    });
    expect(inserted.statusCode).toBe(200);
    const got = await h.t.app.inject({
      method: "GET",
      url: `/wix-data/v2/items/${encodeURIComponent("weird 😀 '--")}?dataCollectionId=${C}`,
      headers: { authorization: h.t.apiKey },
    });
    // PostgreSQL holds no NUL: it keeps U+FFFD in its place (db/postgres/without-nul.ts).
    expect(got.json().dataItem.data).toMatchObject(
      TEST_ADAPTER === "postgres" ? withoutNul(data) : data,
    );
    await h.t.app.inject({
      method: "POST",
      url: "/wix-data/v2/items/remove",
      headers: { authorization: h.t.apiKey },
      payload: { dataCollectionId: C, dataItemId: "weird 😀 '--" },
    });
    expect(h.snapshot()[0]).toEqual((h.before as unknown[])[0]);
  });
});
