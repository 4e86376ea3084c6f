import { describe, expect, it } from "vitest";
import { setupClient } from "./test-helpers/client-setup.ts";

describe("items API", () => {
  it("exposes every data-items call of the protocol", () => {
    const { client } = setupClient();

    expect(Object.keys(client.items).sort()).toEqual([
      "aggregate",
      "bulkInsert",
      "bulkInsertReferences",
      "bulkRemove",
      "bulkRemoveReferences",
      "bulkSave",
      "bulkUpdate",
      "count",
      "get",
      "insert",
      "insertReference",
      "isReferenced",
      "query",
      "queryDistinctValues",
      "queryReferenced",
      "remove",
      "removeReference",
      "replaceReferences",
      "save",
      "truncate",
      "update",
    ]);
  });
});
