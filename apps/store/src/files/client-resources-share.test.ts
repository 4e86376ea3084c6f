/**
 * The client area's data: a member reads, over the data-items API, the client
 * resources shared with them and those shared with no one in particular; other members' items
 * never reach them, and visitors read none.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { codeOf } from "../main/test-kit/api.ts";
import { createMemberKit, type MemberKit } from "../main/test-kit/identity-kit.ts";

const COLLECTION = "ClientResources";
let k: MemberKit;
let ada: { id: string; token: string };
let bob: { id: string; token: string };

beforeAll(async () => {
  k = await createMemberKit();
  ada = await k.signedInMember("ada@example.com");
  bob = await k.signedInMember("bob@example.com");
  k.insert(COLLECTION, [
    { _id: "for-ada", title: "Ada's plan", text: "", url: "", memberId: ada.id },
    { _id: "for-bob", title: "Bob's plan", text: "", url: "", memberId: bob.id },
    { _id: "for-all", title: "Welcome pack", text: "", url: "" },
    { _id: "for-all-empty", title: "Checklist", text: "", url: "", memberId: "" },
  ]);
});
afterAll(() => k.close());

const query = (authorization: string, body: Record<string, unknown> = {}) =>
  k.post(
    "/v2/items/query",
    { dataCollectionId: COLLECTION, returnTotalCount: true, ...body },
    { authorization },
  );
const idsOf = (response: { json(): unknown }) =>
  ((response.json() as { dataItems: { id: string }[] }).dataItems ?? []).map((item) => item.id);

describe("a member reading client resources", () => {
  test("gets their own and the unassigned ones, with a total that counts only those", async () => {
    const response = await query(ada.token);
    expect(response.statusCode).toBe(200);
    expect(idsOf(response).sort()).toEqual(["for-ada", "for-all", "for-all-empty"]);
    expect(response.json().pagingMetadata.total).toBe(3);
  });

  test("never gets the sample resource (example.com's welcome pack), until the owner makes it theirs", async () => {
    const sample = {
      _id: "welcome-pack",
      title: "Welcome pack",
      text: "",
      url: "https://example.com/welcome-pack",
    };
    k.insert(COLLECTION, [sample]);
    try {
      expect(idsOf(await query(ada.token))).not.toContain("welcome-pack");
      const byId = await k.app.inject({
        method: "GET",
        url: `/v2/items/welcome-pack?dataCollectionId=${COLLECTION}`,
        headers: { authorization: ada.token },
      });
      expect(byId.statusCode).toBe(404);
      k.store.remove(COLLECTION, "welcome-pack");
      k.insert(COLLECTION, [{ ...sample, url: "https://ana.example/pack" }]);
      expect(idsOf(await query(ada.token))).toContain("welcome-pack");
    } finally {
      k.store.remove(COLLECTION, "welcome-pack");
    }
  });

  test("cannot widen the share with a filter naming another member", async () => {
    const response = await query(ada.token, {
      query: { filter: { $or: [{ memberId: bob.id }, { memberId: { $ne: ada.id } }] } },
    });
    expect(idsOf(response)).not.toContain("for-bob");
    const count = await k.post(
      "/v2/items/count",
      { dataCollectionId: COLLECTION, filter: { memberId: bob.id } },
      { authorization: ada.token },
    );
    expect(count.json()).toEqual({ totalCount: 0 });
  });

  test("gets another member's item by id as not found, and their own as found", async () => {
    const other = await k.app.inject({
      method: "GET",
      url: `/v2/items/for-bob?dataCollectionId=${COLLECTION}`,
      headers: { authorization: ada.token },
    });
    expect(other.statusCode).toBe(404);
    expect(codeOf(other)).toBe("WDE0073");
    const own = await k.app.inject({
      method: "GET",
      url: `/v2/items/for-ada?dataCollectionId=${COLLECTION}`,
      headers: { authorization: ada.token },
    });
    expect(own.json().dataItem.data.title).toBe("Ada's plan");
  });

  test("many members querying at once each get only their own share", async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) => query(index % 2 === 0 ? ada.token : bob.token)),
    );
    answers.forEach((response, index) => {
      const mine = index % 2 === 0 ? "for-ada" : "for-bob";
      const theirs = index % 2 === 0 ? "for-bob" : "for-ada";
      expect(idsOf(response)).toContain(mine);
      expect(idsOf(response)).not.toContain(theirs);
    });
  });

  test("is refused the calls that do not confine reads to a share (aggregate, distinct)", async () => {
    const distinct = await k.post(
      "/v2/items/query-distinct-values",
      { dataCollectionId: COLLECTION, fieldName: "memberId" },
      { authorization: ada.token },
    );
    expect(codeOf(distinct)).toBe("WDE0027");
    const aggregate = await k.post(
      "/v2/items/aggregate",
      { dataCollectionId: COLLECTION, aggregation: {} },
      { authorization: ada.token },
    );
    expect(codeOf(aggregate)).toBe("WDE0027");
  });
});

describe("callers without a member token", () => {
  test("a visitor reads nothing", async () => {
    const response = await query(await k.token());
    expect(response.statusCode).toBe(403);
    expect(codeOf(response)).toBe("WDE0027");
  });

  test("the API key reads every resource", async () => {
    expect(idsOf(await query(k.apiKey))).toHaveLength(4);
  });
});
