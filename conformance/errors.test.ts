import { beforeAll, describe, expect, it } from "vitest";
import { type ContentClient, isHttpError } from "../packages/content-client/src/index.ts";
import {
  createOurAdminClient,
  createOurVisitorClient,
  createSdkAdminClient,
  createSdkVisitorClient,
} from "./harness/clients.ts";
import { failure, type SdkError } from "./harness/failure.ts";
import { useTwinStores } from "./harness/twin-stores.ts";

const env = useTwinStores();
let sdkVisitor: ReturnType<typeof createSdkVisitorClient>;
let oursVisitor: ContentClient;
beforeAll(() => {
  sdkVisitor = createSdkVisitorClient();
  oursVisitor = createOurVisitorClient(env.ourStore.url, env.forward.realFetch);
});

/** Asserts both clients failed with the same application error code and description. */
async function expectSameApplicationError(sdkCall: Promise<unknown>, ourCall: Promise<unknown>) {
  // Both calls are already running: settle them together so neither rejection goes unhandled.
  const [sdkFailure, ourError] = await Promise.all([failure(sdkCall), failure(ourCall)]);
  const sdkError = sdkFailure as SdkError;

  if (!isHttpError(ourError)) throw ourError;
  const code = sdkError.details?.applicationError?.code;
  expect(code).toEqual(expect.any(String));
  expect(ourError.code).toBe(code);
  expect(ourError.description).toBe(sdkError.message);
  return ourError;
}

describe("errors reach both clients alike", () => {
  it("a visitor insert is refused with 403 and nothing is written", async () => {
    const data = { _id: "v1", itemData: "From a visitor" };

    const ourError = await expectSameApplicationError(
      sdkVisitor.items.insert("Clients", data),
      oursVisitor.items.insert({ dataCollectionId: "Clients", dataItem: { data } }),
    );

    expect(ourError.status).toBe(403);
    await expect(sdkVisitor.items.get("Clients", "v1")).resolves.toBeNull();
    await expect(
      oursVisitor.items.get({ dataCollectionId: "Clients", dataItemId: "v1" }),
    ).resolves.toBeNull();
  });

  it("every visitor write call is refused alike", async () => {
    await expectSameApplicationError(
      sdkVisitor.items.update("Clients", { _id: "owners", itemData: "x" }),
      oursVisitor.items.update({
        dataCollectionId: "Clients",
        dataItem: { id: "owners", data: { itemData: "x" } },
      }),
    );
    await expectSameApplicationError(
      sdkVisitor.items.remove("Clients", "owners"),
      oursVisitor.items.remove({ dataCollectionId: "Clients", dataItemId: "owners" }),
    );
    await expectSameApplicationError(
      sdkVisitor.items.truncate("Clients"),
      oursVisitor.items.truncate({ dataCollectionId: "Clients" }),
    );
    await expect(sdkVisitor.items.query("Clients").count()).resolves.toBe(5);
  });

  it("an unknown collection is reported with the same code", async () => {
    const ourError = await expectSameApplicationError(
      sdkVisitor.items.query("NoSuchCollection").find(),
      oursVisitor.items.query({ dataCollectionId: "NoSuchCollection" }),
    );

    expect(ourError.status).toBe(404);
  });

  it("a wrong API key is refused alike", async () => {
    const sdk = createSdkAdminClient("IST.not-the-key");
    const ours = createOurAdminClient(env.ourStore.url, "IST.not-the-key", env.forward.realFetch);

    const ourError = await expectSameApplicationError(
      sdk.items.insert("Clients", { itemData: "x" }),
      ours.items.insert({ dataCollectionId: "Clients", dataItem: { data: { itemData: "x" } } }),
    );

    expect(ourError.status).toBe(401);
  });

  it("a validation error carries the same field violations", async () => {
    const request = { paging: { limit: 5000, offset: 0 } };

    const sdkError = (await failure(sdkVisitor.items.query("Clients", request))) as SdkError;
    const ourError = await failure(
      oursVisitor.items.query({ dataCollectionId: "Clients", query: request }),
    );

    if (!isHttpError(ourError)) throw ourError;
    expect(ourError.status).toBe(400);
    expect(ourError.code).toBe("INVALID_ARGUMENT");
    expect(sdkError.details?.validationError?.fieldViolations).toHaveLength(1);
    expect(ourError.details?.validationError?.fieldViolations).toEqual(
      sdkError.details?.validationError?.fieldViolations,
    );
  });
});
