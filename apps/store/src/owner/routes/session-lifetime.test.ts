/**
 * A stolen owner cookie kept alive: requests every few minutes keep a session from idling out,
 * but not past its maximum age, counted from sign-in, to the millisecond.
 */
import { afterEach, expect, test } from "vitest";
import { createOwnerKit, type OwnerKit } from "../../main/test-kit/owner-signed-in.ts";

const MINUTE = 60_000;
let kit: OwnerKit;
afterEach(() => kit.app.close());

async function keptAlive(maxAgeMinutes: number) {
  kit = await createOwnerKit({
    owner: { sessionIdleMs: 30 * MINUTE, sessionMaxAgeMs: maxAgeMinutes * MINUTE },
  });
  const owner = await kit.signedIn();
  const signedInAt = kit.clock.ms;
  const alive = async () =>
    (await kit.asOwner(owner, { method: "GET", url: "/admin/api/session" })).json().signedIn;
  return { alive, signedInAt };
}

test("a cookie used every 29 minutes still dies 12 hours after sign-in", async () => {
  const { alive, signedInAt } = await keptAlive(12 * 60);
  while (kit.clock.ms + 29 * MINUTE < signedInAt + 12 * 60 * MINUTE) {
    kit.clock.ms += 29 * MINUTE;
    expect(await alive()).toBe(true);
  }
  kit.clock.ms = signedInAt + 12 * 60 * MINUTE;
  expect(await alive()).toBe(false);
  expect(kit.db.prepare("SELECT count(*) AS n FROM owner_sessions").get()).toEqual({ n: 0 });
});

test("the maximum age ends the session at its very millisecond", async () => {
  const { alive, signedInAt } = await keptAlive(60);
  kit.clock.ms = signedInAt + 29 * MINUTE;
  expect(await alive()).toBe(true);
  kit.clock.ms = signedInAt + 58 * MINUTE;
  expect(await alive()).toBe(true);
  kit.clock.ms = signedInAt + 60 * MINUTE - 1;
  expect(await alive()).toBe(true);
  kit.clock.ms = signedInAt + 60 * MINUTE;
  expect(await alive()).toBe(false);
});
