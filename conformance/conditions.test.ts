import { describe, expect, it } from "vitest";
import { isHttpError } from "../packages/content-client/src/index.ts";
import { failure, type SdkError } from "./harness/failure.ts";
import { useTwinAdminClients } from "./harness/twin-stores.ts";

const C = "Clients";
const env = useTwinAdminClients();

describe("conditional writes behave alike", () => {
  it("an update whose condition matches is applied", async () => {
    env.clock.ms += 1_000;
    const data = { _id: "owners", order: 1, itemData: "Owner-led companies, revised" };
    const condition = { itemData: "Owner-led companies with 10 to 200 people" };

    const expected = await env.sdk.items.update(C, data, { condition });
    const actual = await env.ours.items.update({
      dataCollectionId: C,
      dataItem: { data },
      condition: { filter: condition },
    });

    expect(expected).toMatchObject(data);
    expect(actual).toEqual(expected);
  });

  it("an update whose condition does not match is refused with the same code, nothing changed", async () => {
    const data = { _id: "owners", itemData: "Lost update" };
    const condition = { itemData: "Owner-led companies with 10 to 200 people" };

    const sdkError = await failure<SdkError>(env.sdk.items.update(C, data, { condition }));
    const ourError = await failure(
      env.ours.items.update({
        dataCollectionId: C,
        dataItem: { data },
        condition: { filter: condition },
      }),
    );

    if (!isHttpError(ourError)) throw ourError;
    expect(ourError.status).toBe(409);
    expect(ourError.code).toBe(sdkError.details?.applicationError?.code);
    expect(ourError.description).toBe(sdkError.message);
    expect(await env.ours.items.get({ dataCollectionId: C, dataItemId: "owners" })).toEqual(
      await env.sdk.items.get(C, "owners"),
    );
    expect(await env.sdk.items.get(C, "owners")).toMatchObject({
      itemData: "Owner-led companies, revised",
    });
  });

  it("a remove whose condition does not match is refused alike and keeps the item", async () => {
    const condition = { order: 99 };

    const sdkError = await failure<SdkError>(env.sdk.items.remove(C, "growth", { condition }));
    const ourError = await failure(
      env.ours.items.remove({
        dataCollectionId: C,
        dataItemId: "growth",
        condition: { filter: condition },
      }),
    );

    if (!isHttpError(ourError)) throw ourError;
    expect(ourError.code).toBe(sdkError.details?.applicationError?.code);
    await expect(
      env.ours.items.get({ dataCollectionId: C, dataItemId: "growth" }),
    ).resolves.not.toBeNull();
  });

  it("a remove whose condition matches removes the item alike", async () => {
    const condition = { order: 2 };

    const expected = await env.sdk.items.remove(C, "growth", { condition });
    const actual = await env.ours.items.remove({
      dataCollectionId: C,
      dataItemId: "growth",
      condition: { filter: condition },
    });

    expect(expected).toMatchObject({ _id: "growth" });
    expect(actual).toEqual(expected);
  });
});
