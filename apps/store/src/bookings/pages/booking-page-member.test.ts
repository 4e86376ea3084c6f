/** A signed-in client on the booking page: their name and address filled in, the booking theirs. */
import { afterEach, beforeEach, expect, test } from "vitest";
import { createApiKeys } from "../../data/access/api-key.ts";
import { createIdentityStore } from "../../identity/storage/identity-store.ts";
import { injectCall, setUpBooking } from "../../main/test-kit/booking-kit.ts";
import { createMemberKit, type MemberKit } from "../../main/test-kit/identity-kit.ts";
import { createMemberBrowser } from "../../main/test-kit/member-browser.ts";
import { createAccessStore } from "../../platform/db/access-store.ts";

type Json = Record<string, unknown>;
const ADA = "ada.books@example.com";
let k: MemberKit;

beforeEach(async () => {
  k = await createMemberKit();
});
afterEach(() => k.close());

test("the signed-in client's name and address are filled in, and the booking is theirs", async () => {
  const apiKey = createApiKeys(createAccessStore(k.db)).rotate();
  const { serviceId } = await setUpBooking(injectCall(k.app), { authorization: apiKey });
  const id = await k.signUp(ADA);
  createIdentityStore(k.db).setProfile(id, { firstName: "Ada", lastName: "Lovelace" }, k.clock.ms);
  const browser = createMemberBrowser(k);
  await browser.signIn(ADA);
  const cookie = browser.cookie();

  const shown = await k.app.inject({
    method: "GET",
    url: `/book?service=${serviceId}`,
    headers: { accept: "application/json", cookie },
  });
  const view = (shown.json() as { view: Json }).view;
  expect(view.fields).toEqual({ name: "Ada Lovelace", email: ADA, note: "", time: "" });
  const day = ((view.times as Json).days as { times: { value: string }[] }[])[1];

  k.clock.ms += 5_000;
  const sent = await k.app.inject({
    method: "POST",
    url: "/book",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie },
    payload: new URLSearchParams({
      service: serviceId,
      token: String(view.formToken),
      time: String(day?.times[0]?.value),
      name: "Ada Lovelace",
      email: ADA,
    }).toString(),
  });
  expect(sent.statusCode).toBe(303);
  const owned = k.db.prepare("SELECT member_id FROM bookings").all() as { member_id: string }[];
  expect(owned).toEqual([{ member_id: id }]);
});
