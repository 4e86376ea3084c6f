import { describe, expect, it } from "vitest";
import { useTwinAdminClients } from "./harness/twin-stores.ts";

// A Services item ("strategy", from the sample content) references Clients items through its
// `clients` field; both clients make the same reference calls on their twin store.
const C = "Services";
const FIELD = "clients";
const LEFT = "strategy";
const env = useTwinAdminClients();

const ref = (referencedItemId: string) => ({
  referringItemFieldName: FIELD,
  referringItemId: LEFT,
  referencedItemId,
});

async function isReferencedOnBoth(right: string) {
  const expected = await env.sdk.items.isReferenced(C, FIELD, LEFT, right);
  const actual = await env.ours.items.isReferenced({ dataCollectionId: C, ...ref(right) });
  expect(actual).toBe(expected);
  return actual;
}

async function expectSameReferenced() {
  const expected = await env.sdk.items.queryReferenced(C, LEFT, FIELD);
  const actual = await env.ours.items.queryReferenced({
    dataCollectionId: C,
    referringItemId: LEFT,
    referringItemFieldName: FIELD,
  });
  expect(actual.items).toEqual(expected.items);
  return actual;
}

describe("reference calls with an API key give the same results", () => {
  it("insertReference adds references the same way", async () => {
    await env.sdk.items.insertReference(C, FIELD, LEFT, ["owners", "growth"]);
    const actual = await env.ours.items.bulkInsertReferences({
      dataCollectionId: C,
      dataItemReferences: [ref("owners"), ref("growth")],
    });

    expect(actual.bulkActionMetadata).toEqual({ totalSuccesses: 2, totalFailures: 0 });
    expect(await isReferencedOnBoth("owners")).toBe(true);
    expect(await isReferencedOnBoth("founders")).toBe(false);
  });

  it("queryReferenced lists the same referenced items", async () => {
    const actual = await expectSameReferenced();

    expect(actual.results).toHaveLength(2);
  });

  it("the single insert-reference route adds what the SDK's bulk route adds", async () => {
    await env.sdk.items.insertReference(C, FIELD, LEFT, "services");
    const inserted = await env.ours.items.insertReference({
      dataCollectionId: C,
      dataItemReference: ref("services"),
    });

    expect(inserted).toEqual(ref("services"));
    expect(await isReferencedOnBoth("services")).toBe(true);
    await expectSameReferenced();
  });

  it("replaceReferences leaves exactly the new references", async () => {
    await env.sdk.items.replaceReferences(C, FIELD, LEFT, ["transition", "founders"]);
    const replaced = await env.ours.items.replaceReferences({
      dataCollectionId: C,
      referringItemFieldName: FIELD,
      referringItemId: LEFT,
      newReferencedItemIds: ["transition", "founders"],
    });

    expect(replaced).toEqual([ref("transition"), ref("founders")]);
    expect(await isReferencedOnBoth("owners")).toBe(false);
    expect(await isReferencedOnBoth("founders")).toBe(true);
    expect((await expectSameReferenced()).results).toHaveLength(2);
  });

  it("removeReference removes the same reference", async () => {
    await env.sdk.items.removeReference(C, FIELD, LEFT, "transition");
    await env.ours.items.bulkRemoveReferences({
      dataCollectionId: C,
      dataItemReferences: [ref("transition")],
    });

    expect(await isReferencedOnBoth("transition")).toBe(false);
    expect(await isReferencedOnBoth("founders")).toBe(true);
  });

  it("the single remove-reference route removes what the SDK's bulk route removes", async () => {
    await env.sdk.items.removeReference(C, FIELD, LEFT, "founders");
    const removed = await env.ours.items.removeReference({
      dataCollectionId: C,
      dataItemReference: ref("founders"),
    });

    expect(removed).toEqual(ref("founders"));
    expect(await isReferencedOnBoth("founders")).toBe(false);
    expect((await expectSameReferenced()).results).toHaveLength(0);
  });
});
