/**
 * @module One real store that mails through a real SMTP server, for the member-login conformance
 * files: the official SDK's OAuthStrategy and our member client, each with its own e-mail
 * addresses, and the steps of a member's flows both sides share.
 */
import { afterAll, beforeAll } from "vitest";
import {
  createSmtpMailer,
  signInOnPageAt,
  startTestSmtp,
  type TestSmtp,
} from "../../apps/store/src/main/testing.ts";
import { forwardWixApis } from "./forward-fetch.ts";
import { createOurMemberClient, createSdkMemberClient } from "./member-clients.ts";
import { type RunningStore, START_MS, startStore } from "./store-server.ts";

export const MEMBERS_ONLY = "Clients";
export const PASSWORD = "correct horse battery";

/** Starts the store and the SMTP server before the file's tests and stops them after. */
export function useMemberSuite() {
  const suite = {} as {
    store: RunningStore;
    mail: TestSmtp;
    forward: ReturnType<typeof forwardWixApis>;
    /** The store's clock: tests move it past a cool-down. */
    clock: { ms: number };
  };
  let counter = 0;

  beforeAll(async () => {
    suite.mail = await startTestSmtp();
    suite.clock = { ms: START_MS };
    suite.store = await startStore(suite.clock, {
      identity: {
        mailer: createSmtpMailer({ url: suite.mail.url, from: "site@example.com" }),
        // Every call comes from 127.0.0.1: the per-address limits would stop the file, not an attacker.
        config: {
          registerMaxPerAddress: 1000,
          loginMaxPerAddress: 1000,
          recoveryMaxPerAddress: 1000,
          verifyMaxPerAddress: 1000,
        },
      },
    });
    suite.store.restrictReadsToMembers(MEMBERS_ONLY);
    suite.forward = forwardWixApis(() => suite.store.url);
  });

  afterAll(async () => {
    suite.forward?.restore();
    await suite.store?.close();
    await suite.mail?.close();
  });

  function newEmail(side: string): string {
    counter += 1;
    return `${side}-${counter}@example.com`;
  }
  const sdkClient = () => createSdkMemberClient();
  const ourClient = () => createOurMemberClient(suite.store.url, suite.forward.realFetch);

  async function mailedCode(email: string): Promise<string> {
    const message = await suite.mail.waitFor(email, /verification code is \d{6}/);
    return /verification code is (\d{6})/.exec(message.text)?.[1] ?? "";
  }

  /** Registers and verifies with the SDK; the SDK client stays a visitor. */
  async function sdkMember(email: string) {
    const sdk = sdkClient();
    const registered = await sdk.auth.register({ email, password: PASSWORD });
    if (registered.loginState !== "EMAIL_VERIFICATION_REQUIRED") {
      throw new Error(`sign-up of ${email}: ${JSON.stringify(registered)}`);
    }
    await sdk.auth.processVerification({ verificationCode: await mailedCode(email) });
    return sdk;
  }

  async function ourMember(email: string) {
    const ours = ourClient();
    const registered = await ours.members.register({ email, password: PASSWORD });
    if (registered.loginState !== "EMAIL_VERIFICATION_REQUIRED") {
      throw new Error(`sign-up of ${email}: ${JSON.stringify(registered)}`);
    }
    await ours.members.processVerification({ verificationCode: await mailedCode(email) });
    return ours;
  }

  /** Opens our sign-in page at `authUrl` and submits it; resolves with the redirect's Location. */
  function signInOnPage(authUrl: string, email: string, password: string): Promise<string> {
    return signInOnPageAt(suite.store.url, authUrl, { email, password }, suite.forward.realFetch);
  }

  /** Our client signed in as `email` through the redirect flow (query mode). */
  async function signedIn(email: string) {
    const ours = await ourMember(email);
    const data = ours.members.generateOAuthData(`${suite.store.url}/callback`);
    const { authUrl } = await ours.members.getAuthUrl(data, { responseMode: "query" });
    const back = ours.members.parseFromUrl(await signInOnPage(authUrl, email, PASSWORD), "query");
    await ours.members.getMemberTokens(back.code, back.state, data);
    return ours;
  }

  return {
    suite,
    newEmail,
    sdkClient,
    ourClient,
    mailedCode,
    sdkMember,
    ourMember,
    signInOnPage,
    signedIn,
  };
}
