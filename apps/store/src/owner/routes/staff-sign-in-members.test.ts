/**
 * A member who tries the editor's sign-in with what opens their own account (their passkey,
 * their second-factor step finished with a right code) gets no editor session.
 */
import { afterEach, beforeEach, expect, test } from "vitest";
import { codeOf } from "../../main/test-kit/api.ts";
import {
  createMemberKit,
  type MemberKit,
  ORIGIN,
  PASSWORD,
} from "../../main/test-kit/identity-kit.ts";
import { NOT_ACCEPTED, passkeyCalls, refusalOf } from "../../main/test-kit/passkey-kit.ts";
import { enrolTotp } from "../../main/test-kit/totp-member.ts";

const EVE = "eve@example.com";

let k: MemberKit;
beforeEach(async () => {
  k = await createMemberKit();
});
afterEach(() => k.close());

test("a member's passkey is not accepted on the editor's passkey sign-in", async () => {
  const eve = await passkeyCalls(k).memberWithPasskey(EVE);
  const start = (await k.post("/admin/api/sign-in/passkey/options", {})).json();
  const answer = await k.post("/admin/api/sign-in/passkey", {
    challengeId: start.challengeId,
    credential: eve.device.get(start.options, ORIGIN),
  });
  expect(refusalOf(answer)).toEqual(NOT_ACCEPTED);
  expect(answer.headers["set-cookie"]).toBeUndefined();
});

test("a member's second-factor step, finished with a right code on the editor's route, opens no editor session", async () => {
  await k.signUp(EVE);
  const { totp } = await enrolTotp(k, EVE);
  k.clock.ms += 60_000;
  const login = await k.post("/_api/iam/authentication/v2/login", {
    loginId: { email: EVE },
    password: PASSWORD,
  });
  const { state, stateToken } = login.json();
  expect(state).toBe("REQUIRE_MFA");
  const answer = await k.post("/admin/api/sign-in/code", {
    stateToken,
    code: totp.generate({ timestamp: k.clock.ms }),
  });
  expect(answer.statusCode).toBe(401);
  expect(codeOf(answer)).toBe("OWNER_WRONG_PASSWORD");
  expect(answer.headers["set-cookie"]).toBeUndefined();
});
