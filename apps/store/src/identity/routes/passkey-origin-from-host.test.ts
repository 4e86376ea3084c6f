/**
 * The passkey origin taken from `Host`: without PUBLIC_URL, an answer made for another local
 * site (`localhost` on another port shares the relying party id `localhost`) and relayed with
 * that site's `Host` must not sign in. The expected origin is the store's own listening one.
 */
import { afterEach, beforeEach, expect, test } from "vitest";
import { createMemberKit, type MemberKit } from "../../main/test-kit/identity-kit.ts";
import { NOT_ACCEPTED, OWN, refusalOf } from "../../main/test-kit/passkey-kit.ts";
import { createSoftAuthenticator } from "../../main/test-kit/soft-authenticator.ts";

const AUTH = "/_api/iam/authentication/v2";
const OTHER_SITE = "localhost:3000";

let k: MemberKit;
let own: string;
beforeEach(async () => {
  k = await createMemberKit({ config: { publicUrl: null } });
  await k.app.listen({ port: 0, host: "127.0.0.1" });
  const address = k.app.server.address();
  if (address === null || typeof address !== "object") throw new Error("not listening");
  own = `localhost:${address.port}`;
});
afterEach(() => k.close());

/** A request from this machine (loopback client) naming `host`. */
const post = (url: string, payload: unknown, host: string, authorization?: string) =>
  k.app.inject({
    method: "POST",
    url,
    remoteAddress: "127.0.0.1",
    headers: {
      host,
      "content-type": "application/json",
      ...(authorization === undefined ? {} : { authorization }),
    },
    payload: JSON.stringify(payload),
  });

/** A member with a passkey registered on the store's own origin. */
async function memberWithPasskey() {
  const id = await k.signUp("ada@example.com");
  const tokens = await post(
    "/oauth2/token",
    { grant_type: "authorized_client", member_id: id },
    own,
    `${await k.token()},${k.apiKey}`,
  );
  const token = tokens.json().access_token as string;
  const start = (await post(`${OWN}/registration-options`, {}, own, token)).json();
  const device = createSoftAuthenticator();
  const credential = device.create(start.options, `http://${own}`);
  const added = await post(
    `${OWN}/passkeys`,
    { challengeId: start.challengeId, credential },
    own,
    token,
  );
  expect(added.statusCode).toBe(200);
  return device;
}

/** A passkey sign-in whose challenge and answer travel with `host`, the answer made on `origin`. */
async function signInVia(device: ReturnType<typeof createSoftAuthenticator>, host: string) {
  const start = (await post(`${AUTH}/webauthn/options`, {}, host)).json();
  const credential = device.get(start.options, `http://${host}`);
  return post(`${AUTH}/webauthn/login`, { challengeId: start.challengeId, credential }, host);
}

test("an answer made on another localhost port and relayed with that Host is refused", async () => {
  const device = await memberWithPasskey();
  const relayed = await signInVia(device, OTHER_SITE);
  expect(refusalOf(relayed)).toEqual(NOT_ACCEPTED);
  expect(relayed.body).not.toContain("sessionToken");
});

test("an answer made on the store's own origin signs in", async () => {
  const device = await memberWithPasskey();
  const answer = await signInVia(device, own);
  expect(answer.json().state).toBe("SUCCESS");
});

test("a passkey made on another localhost port is not added", async () => {
  const id = await k.signUp("bob@example.com");
  const tokens = await post(
    "/oauth2/token",
    { grant_type: "authorized_client", member_id: id },
    own,
    `${await k.token()},${k.apiKey}`,
  );
  const token = tokens.json().access_token as string;
  const start = (await post(`${OWN}/registration-options`, {}, OTHER_SITE, token)).json();
  const credential = createSoftAuthenticator().create(start.options, `http://${OTHER_SITE}`);
  const added = await post(
    `${OWN}/passkeys`,
    { challengeId: start.challengeId, credential },
    OTHER_SITE,
    token,
  );
  expect(refusalOf(added)).toEqual(NOT_ACCEPTED);
});
