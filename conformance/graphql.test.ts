import { describe, expect, it } from "vitest";
import { type ContentClient, isHttpError } from "../packages/content-client/src/index.ts";
import { createOurVisitorClient, createSdkVisitorClient } from "./harness/clients.ts";
import { failure } from "./harness/failure.ts";
import { useStoreForSdk } from "./harness/sdk-environment.ts";

const env = useStoreForSdk();
let sdk: ReturnType<typeof createSdkVisitorClient>;
let ours: ContentClient;
const clients = () => {
  sdk ??= createSdkVisitorClient();
  ours ??= createOurVisitorClient(env.store.url, env.forward.realFetch);
  return { sdk, ours };
};

const READ = `query ($c: String!, $f: JSON) {
  items(collection: $c, filter: $f, sort: [{ fieldName: "order", order: DESC }], limit: 3) { id data }
  count(collection: $c, filter: $f)
}`;

describe("GraphQL through the official SDK and our client", () => {
  it("answers a query with variables alike", async () => {
    const { sdk, ours } = clients();
    const variables = { c: "Clients", f: { order: { $gt: 1 } } };

    const expected = await sdk.graphql(READ, variables);
    const actual = await ours.graphql(READ, variables);

    expect(expected.data).toMatchObject({ count: 4 });
    expect(expected.errors).toBeUndefined();
    expect(actual).toEqual({ data: expected.data });
  });

  it("reports field errors of a 200 answer alike", async () => {
    const { sdk, ours } = clients();
    const variables = { c: "NoSuchCollection" };

    const expected = await sdk.graphql(READ, variables);
    const actual = await ours.graphql(READ, variables);

    expect(expected.errors?.length).toBeGreaterThan(0);
    expect(actual.errors).toEqual(expected.errors);
    expect(actual.data).toEqual(expected.data);
  });

  it("refuses a visitor mutation alike", async () => {
    const { sdk, ours } = clients();
    const mutation =
      'mutation { insertItem(collection: "Clients", data: { itemData: "x" }) { id } }';

    const expected = await sdk.graphql(mutation);
    const actual = await ours.graphql(mutation);

    expect(expected.errors?.length).toBeGreaterThan(0);
    expect(actual).toEqual({ data: expected.data, errors: expected.errors });
    await expect(ours.items.count({ dataCollectionId: "Clients" })).resolves.toBe(5);
  });

  it("fails an invalid document with the SDK's message", async () => {
    const { sdk, ours } = clients();

    const expected = await failure<Error>(sdk.graphql("{ items(collection: "));
    const actual = await failure<Error>(ours.graphql("{ items(collection: "));

    expect(expected.message).toBe("GraphQL request failed with status 400");
    expect(isHttpError(actual)).toBe(true);
    expect(actual.message).toBe(expected.message);
  });
});
