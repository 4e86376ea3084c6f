import { describe, expect, it } from "vitest";
import { base64ToBytes } from "./base64.ts";
import { toGetQuery } from "./get-query.ts";

const decodeDotR = (query: string) =>
  JSON.parse(new TextDecoder().decode(base64ToBytes(query.slice(".r=".length))));

describe("toGetQuery", () => {
  it("writes scalars as key=value in payload order and booleans as true/false", () => {
    expect(
      toGetQuery({ dataCollectionId: "HomePage", dataItemId: "a1", consistentRead: false, n: 2 }),
    ).toBe("dataCollectionId=HomePage&dataItemId=a1&consistentRead=false&n=2");
  });

  it("repeats the key for each array element", () => {
    expect(toGetQuery({ fields: ["a", "b"] })).toBe("fields=a&fields=b");
  });

  it("skips null and undefined values, also inside arrays", () => {
    expect(toGetQuery({ a: null, b: undefined, c: ["x", null], d: "y" })).toBe("c=x&d=y");
  });

  it("percent-encodes keys and values", () => {
    expect(toGetQuery({ "a b": "é&=?" })).toBe("a%20b=%C3%A9%26%3D%3F");
  });

  it("switches to .r for a nested object", () => {
    const payload = { dataCollectionId: "C", publishPluginOptions: { includeDraftItems: true } };

    const query = toGetQuery(payload);

    expect(query).toMatch(/^\.r=[A-Za-z0-9_-]+$/);
    expect(decodeDotR(query)).toEqual(payload);
  });

  it("switches to .r for an array of objects", () => {
    const payload = { includeReferences: [{ field: "refs" }] };

    expect(decodeDotR(toGetQuery(payload))).toEqual(payload);
  });

  it("sends a Date through .r as {$date}", () => {
    const query = toGetQuery({ since: new Date("2024-05-05T00:00:00.000Z") });

    expect(decodeDotR(query)).toEqual({ since: { $date: "2024-05-05T00:00:00.000Z" } });
  });

  it("encodes .r as UTF-8 base64url without padding", () => {
    // Standard base64 of {"o":{"v":"é?>"}} is eyJvIjp7InYiOiLDqT8+In19 (with a "+").
    expect(toGetQuery({ o: { v: "é?>" } })).toBe(".r=eyJvIjp7InYiOiLDqT8-In19");
  });
});
