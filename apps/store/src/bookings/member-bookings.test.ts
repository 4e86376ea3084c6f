/**
 * A client's bookings as the client area reads them (`GET /members/api/bookings`) and as their
 * export carries them: those made while signed in as them or with their address, latest first,
 * with manage links on the public origin; never anyone else's, whatever the caller holds.
 */
import { unzipSync } from "fflate";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type BookingCall, injectCall, setUpBooking } from "../main/test-kit/booking-kit.ts";
import { createMemberKit, type MemberKit, ORIGIN } from "../main/test-kit/identity-kit.ts";
import { MEMBER_BOOKINGS_PATH } from "./member-bookings.ts";

type Json = Record<string, unknown>;
const FAY = "fay.bookings@example.com";
const GUS = "gus.bookings@example.com";

let k: MemberKit;
let call: BookingCall;
let serviceId: string;

beforeEach(async () => {
  k = await createMemberKit();
  call = injectCall(k.app);
  ({ serviceId } = await setUpBooking(call, { authorization: k.apiKey }));
});
afterEach(() => k.close());

async function book(day: number, email: string, token?: string): Promise<string> {
  const start = Date.UTC(2025, 0, day, 9);
  const made = await call(
    "POST",
    "/_api/bookings-service/v2/bookings",
    {
      booking: {
        bookedEntity: {
          slot: {
            serviceId,
            startDate: new Date(start).toISOString(),
            endDate: new Date(start + 30 * 60_000).toISOString(),
          },
        },
        contactDetails: { firstName: "Client", email, timeZone: "Asia/Kolkata" },
      },
    },
    token === undefined ? {} : { authorization: token },
  );
  expect(made.status).toBe(200);
  return String((made.json.booking as Json).id);
}

const listed = (token?: string) =>
  call("GET", MEMBER_BOOKINGS_PATH, undefined, token === undefined ? {} : { authorization: token });

describe("a client's bookings", () => {
  it("lists those made signed in or with their address, latest first, with manage links", async () => {
    const fay = await k.signedInMember(FAY);
    const signedIn = await book(3, "fay.at.work@example.com", fay.token);
    const byAddress = await book(4, FAY.toUpperCase());
    await book(5, GUS);

    const answer = await listed(fay.token);
    expect(answer.status).toBe(200);
    const bookings = answer.json.bookings as Json[];
    expect(bookings.map((booking) => booking.id)).toEqual([byAddress, signedIn]);
    expect(bookings[1]).toEqual({
      id: signedIn,
      title: "Introductory call",
      status: "CONFIRMED",
      start: "2025-01-03T09:00:00.000Z",
      end: "2025-01-03T09:30:00.000Z",
      timeZone: "Asia/Kolkata",
      manageUrl: expect.stringMatching(
        new RegExp(`^${ORIGIN}/book/manage\\?token=${signedIn}\\.[\\w-]{43}$`),
      ),
    });
    // The link works: it names the booking to the manage calls.
    const token = new URL(String(bookings[1]?.manageUrl)).searchParams.get("token");
    const managed = await call("GET", `/v1/anonymous-bookings/${token}`);
    expect((managed.json.booking as Json).id).toBe(signedIn);
  });

  it("a member asking for another's gets only their own; no member, no list", async () => {
    const fay = await k.signedInMember(FAY);
    const gus = await k.signedInMember(GUS);
    const fays = await book(3, FAY, fay.token);
    const guss = await book(4, GUS);

    const forGus = await listed(gus.token);
    expect((forGus.json.bookings as Json[]).map((booking) => booking.id)).toEqual([guss]);
    expect(JSON.stringify(forGus.json)).not.toContain(fays);
    // Another's id in the path or query names nothing more.
    const asked = await call("GET", `${MEMBER_BOOKINGS_PATH}?memberId=${fay.id}`, undefined, {
      authorization: gus.token,
    });
    expect((asked.json.bookings as Json[]).map((booking) => booking.id)).toEqual([guss]);
    expect(
      (
        await call("GET", `${MEMBER_BOOKINGS_PATH}/${fays}`, undefined, {
          authorization: gus.token,
        })
      ).status,
    ).toBe(404);

    // No credentials: 401; a visitor's token or the API key: a member is required (403).
    const refusals = [await listed(), await listed(await k.token()), await listed(k.apiKey)];
    expect(refusals.map((refused) => refused.status)).toEqual([401, 403, 403]);
    for (const refused of refusals) expect(JSON.stringify(refused.json)).not.toContain(fays);
  });

  it("the member's export holds their bookings and not another's", async () => {
    const fay = await k.signedInMember(FAY);
    await book(3, FAY, fay.token);
    await book(4, GUS);
    const response = await k.app.inject({
      method: "GET",
      url: "/_api/account/v1/export",
      headers: { host: "store.test", authorization: fay.token },
    });
    const files = unzipSync(new Uint8Array(response.rawPayload));
    const held = JSON.parse(new TextDecoder().decode(files["bookings.json"])) as Json[];
    expect(held).toEqual([
      {
        title: "Introductory call",
        status: "CONFIRMED",
        start: "2025-01-03T09:00:00.000Z",
        end: "2025-01-03T09:30:00.000Z",
        timeZone: "Asia/Kolkata",
        name: "Client",
        email: FAY,
        phone: "",
        note: "",
        bookedAt: new Date(k.clock.ms).toISOString(),
      },
    ]);
  });
});
