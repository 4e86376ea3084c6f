import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forwardWixApis } from "./harness/forward-fetch.ts";
import { createOurMemberClient, createSdkMemberClient } from "./harness/member-clients.ts";
import {
  type RunningStore,
  START_MS,
  type StoreOptions,
  startStore,
} from "./harness/store-server.ts";

// Stores with the owner's member settings turned on, the official SDK and our client side by side:
// a captcha verifier (-19971 without a token, -19970 for a refused one) and owner approval.
const GENUINE = "solved-by-a-human";
const PASSWORD = "correct horse battery";

let store: RunningStore;
let forward: ReturnType<typeof forwardWixApis>;
let counter = 0;

/** Starts a store with `identity` settings for the tests of the enclosing describe. */
function useStore(identity: StoreOptions["identity"]) {
  beforeAll(async () => {
    store = await startStore({ ms: START_MS }, { identity });
    forward = forwardWixApis(() => store.url);
  });
  afterAll(async () => {
    forward?.restore();
    await store?.close();
  });
}

function newEmail(side: string): string {
  counter += 1;
  return `${side}-captcha-${counter}@example.com`;
}

const ours = () => createOurMemberClient(store.url, forward.realFetch).members;
const sdk = () => createSdkMemberClient().auth;

describe("register with a captcha verifier", () => {
  useStore({ captcha: async (token) => token === GENUINE });

  it("answers a sign-up without a captcha token missingCaptchaToken on both", async () => {
    const sdkResult = await sdk().register({ email: newEmail("sdk"), password: PASSWORD });
    const ourResult = await ours().register({ email: newEmail("ours"), password: PASSWORD });

    expect(sdkResult).toMatchObject({ loginState: "FAILURE", errorCode: "missingCaptchaToken" });
    expect(ourResult).toMatchObject({ loginState: "FAILURE", errorCode: "missingCaptchaToken" });
  });

  it("answers a refused captcha token invalidCaptchaToken on both", async () => {
    const captchaTokens = { recaptchaToken: "a-bot-guess" };

    const sdkResult = await sdk().register({
      email: newEmail("sdk"),
      password: PASSWORD,
      captchaTokens,
    });
    const ourResult = await ours().register({
      email: newEmail("ours"),
      password: PASSWORD,
      captchaTokens,
    });

    expect(sdkResult).toMatchObject({ loginState: "FAILURE", errorCode: "invalidCaptchaToken" });
    expect(ourResult).toMatchObject({ loginState: "FAILURE", errorCode: "invalidCaptchaToken" });
  });

  it("accepts a genuine token, invisible or visible, on both", async () => {
    const sdkResult = await sdk().register({
      email: newEmail("sdk"),
      password: PASSWORD,
      captchaTokens: { invisibleRecaptchaToken: GENUINE },
    });
    const ourResult = await ours().register({
      email: newEmail("ours"),
      password: PASSWORD,
      captchaTokens: { recaptchaToken: GENUINE },
    });

    expect(sdkResult.loginState).toBe("EMAIL_VERIFICATION_REQUIRED");
    expect(ourResult.loginState).toBe("EMAIL_VERIFICATION_REQUIRED");
  });
});

describe("login with a captcha verifier", () => {
  useStore({ captcha: async (token) => token === GENUINE });

  it("answers a login without a captcha token missingCaptchaToken on both", async () => {
    const email = newEmail("login");

    const sdkResult = await sdk().login({ email, password: PASSWORD });
    const ourResult = await ours().login({ email, password: PASSWORD });

    expect(sdkResult).toMatchObject({ loginState: "FAILURE", errorCode: "missingCaptchaToken" });
    expect(ourResult).toMatchObject({ loginState: "FAILURE", errorCode: "missingCaptchaToken" });
  });

  it("answers a refused captcha token invalidCaptchaToken on both", async () => {
    const email = newEmail("login");
    const captchaTokens = { recaptchaToken: "a-bot-guess" };

    const sdkResult = await sdk().login({ email, password: PASSWORD, captchaTokens });
    const ourResult = await ours().login({ email, password: PASSWORD, captchaTokens });

    expect(sdkResult).toMatchObject({ loginState: "FAILURE", errorCode: "invalidCaptchaToken" });
    expect(ourResult).toMatchObject({ loginState: "FAILURE", errorCode: "invalidCaptchaToken" });
  });
});

describe("owner approval", () => {
  useStore({ config: { requireApproval: true, requireEmailVerification: false } });

  it("answers a sign-up OWNER_APPROVAL_REQUIRED on both", async () => {
    const sdkResult = await sdk().register({ email: newEmail("sdk"), password: PASSWORD });
    const ourResult = await ours().register({ email: newEmail("ours"), password: PASSWORD });

    expect(sdkResult).toEqual({ loginState: "OWNER_APPROVAL_REQUIRED" });
    expect(ourResult).toEqual({ loginState: "OWNER_APPROVAL_REQUIRED" });
  });

  it("keeps answering a login OWNER_APPROVAL_REQUIRED until the owner approves, on both", async () => {
    const email = newEmail("waiting");
    await ours().register({ email, password: PASSWORD });

    const sdkResult = await sdk().login({ email, password: PASSWORD });
    const ourResult = await ours().login({ email, password: PASSWORD });

    expect(sdkResult).toEqual({ loginState: "OWNER_APPROVAL_REQUIRED" });
    expect(ourResult).toEqual({ loginState: "OWNER_APPROVAL_REQUIRED" });
  });
});
