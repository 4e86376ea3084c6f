import { describe, expect, it } from "vitest";
import { type ContentClient, createContentClient } from "../packages/content-client/src/index.ts";
import { createSdkAdminClient } from "./harness/clients.ts";
import { useStoreForSdk } from "./harness/sdk-environment.ts";

// Reads only, so one store serves both clients. A recording fetch shows which form our client chose.
const env = useStoreForSdk();
const sent: { method: string; url: string }[] = [];
let sdk: ReturnType<typeof createSdkAdminClient>;
let ours: ContentClient;
const clients = () => {
  sdk ??= createSdkAdminClient(env.store.apiKey);
  ours ??= createContentClient({
    baseUrl: env.store.url,
    apiKey: env.store.apiKey,
    fetch: (input, init) => {
      sent.push({ method: init?.method ?? "GET", url: String(input) });
      return env.forward.realFetch(input, init);
    },
  });
  return { sdk, ours };
};

describe("every form of the item get reads the same item", () => {
  it("the flat query form", async () => {
    const { sdk, ours } = clients();

    const actual = await ours.items.get({
      dataCollectionId: "Clients",
      dataItemId: "owners",
      consistentRead: true,
      fields: ["itemData"],
    });

    expect(sent.at(-1)).toEqual({
      method: "GET",
      url: `${env.store.url}/wix-data/v2/items/owners?dataCollectionId=Clients&dataItemId=owners&consistentRead=true&fields=itemData`,
    });
    expect(actual).toEqual(
      await sdk.items.get("Clients", "owners", { consistentRead: true, fields: ["itemData"] }),
    );
    expect(actual).toEqual({
      _id: "owners",
      itemData: "Owner-led companies with 10 to 200 people",
    });
  });

  it("the ?.r= form for a nested payload", async () => {
    const { sdk, ours } = clients();
    const includeReferences = [{ field: "clients", limit: 2 }];

    const actual = await ours.items.get({
      dataCollectionId: "Services",
      dataItemId: "strategy",
      includeReferences,
    });

    expect(sent.at(-1)?.url).toMatch(/\/wix-data\/v2\/items\/strategy\?\.r=[\w-]+$/);
    expect(actual).toEqual(await sdk.items.get("Services", "strategy", { includeReferences }));
    expect(actual).toMatchObject({ _id: "strategy" });
  });

  it("the POST fallback when the query string exceeds 4000 characters", async () => {
    const { sdk, ours } = clients();
    const fields = [
      "itemData",
      ...Array.from({ length: 400 }, (_, index) => `unused_field_${index}`),
    ];

    const actual = await ours.items.get({
      dataCollectionId: "Clients",
      dataItemId: "owners",
      fields,
    });

    expect(sent.at(-1)).toEqual({
      method: "POST",
      url: `${env.store.url}/wix-data/v2/items/owners`,
    });
    // The SDK has no fallback for this call: it sends the long GET, which the store accepts too.
    expect(actual).toEqual(await sdk.items.get("Clients", "owners", { fields }));
    expect(actual).toEqual({
      _id: "owners",
      itemData: "Owner-led companies with 10 to 200 people",
    });
  });

  it("a missing item is null in every form", async () => {
    const { sdk, ours } = clients();
    const longFields = Array.from({ length: 400 }, (_, index) => `unused_field_${index}`);

    await expect(sdk.items.get("Clients", "nobody")).resolves.toBeNull();
    await expect(
      ours.items.get({ dataCollectionId: "Clients", dataItemId: "nobody" }),
    ).resolves.toBeNull();
    await expect(
      ours.items.get({
        dataCollectionId: "Clients",
        dataItemId: "nobody",
        includeReferences: [{ field: "x" }],
      }),
    ).resolves.toBeNull();
    await expect(
      ours.items.get({ dataCollectionId: "Clients", dataItemId: "nobody", fields: longFields }),
    ).resolves.toBeNull();
    expect(sent.at(-1)?.method).toBe("POST");
  });
});
