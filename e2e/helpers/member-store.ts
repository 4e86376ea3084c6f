import {
  createSmtpMailer,
  startTestSmtp,
  type TestSmtp,
} from "../../apps/store/src/main/testing.ts";
import { type RunningStore, startStore } from "../../conformance/harness/store-server.ts";
import { bundleMemberFixture, memberFixtureRoutes } from "./member-fixture.ts";

/** The collection the member store lets only members read. */
export const MEMBERS_COLLECTION = "Clients";

/** A store for the member flows, mailing through a real SMTP server the test reads. */
export interface MemberStore {
  store: RunningStore;
  mail: TestSmtp;
  close(): Promise<void>;
}

/**
 * Starts a real SMTP server on `E2E_PORT + 6` and a store on `E2E_PORT + 5` that mails through
 * it, with the real clock (TOTP codes are computed from it), {@link MEMBERS_COLLECTION} readable
 * by members only and the fixture app under `/fixture/`. The store runs in the test worker so the
 * spec can read its mail.
 *
 * @throws {Error} when a port is taken.
 */
export async function startMemberStore(): Promise<MemberStore> {
  const base = Number(process.env.E2E_PORT ?? "8791");
  const script = await bundleMemberFixture();
  // E2E_PORT + 1 is the dev-server spec's; these two stay clear of it.
  const mail = await startTestSmtp(base + 6);
  const clock = {
    get ms() {
      return Date.now();
    },
  };
  const store = await startStore(clock, {
    port: base + 5,
    routes: memberFixtureRoutes(script),
    identity: {
      mailer: createSmtpMailer({ url: mail.url, from: "site@example.com" }),
      // Every request comes from 127.0.0.1: per-address limits would stop the suite, not an attacker.
      config: { registerMaxPerAddress: 1000, loginMaxPerAddress: 1000, verifyMaxPerAddress: 1000 },
    },
  });
  store.restrictReadsToMembers(MEMBERS_COLLECTION);
  return {
    store,
    mail,
    async close() {
      await store.close();
      await mail.close();
    },
  };
}
