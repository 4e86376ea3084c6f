import { afterEach, describe, expect, test, vi } from "vitest";
import { bookingRequest, injectCall, setUpBooking } from "../main/test-kit/booking-kit.ts";
import {
  createOwnerKit,
  type OwnerKit,
  type SignedIn,
  sessionCookieOf,
} from "../main/test-kit/owner-signed-in.ts";

type Json = Record<string, unknown>;
const BOOKINGS = "/_api/bookings-service/v2/bookings";
const AGENDA =
  "/_api/bookings-consultant/v1/bookings?from=2025-03-01T00:00:00Z&to=2025-04-01T00:00:00Z";
const EDITOR_EMAIL = "assistant@example.com";
const EDITOR_PASSWORD = "the assistant's own password";

// Each test signs the owner in (argon2id) and sets booking up over a dozen calls: seconds on a
// busy machine, more on PostgreSQL.
vi.setConfig({ testTimeout: 20_000 });

let kit: OwnerKit;
afterEach(() => kit.app.close());

/** The owner's session as the editor's calls: cookie and CSRF token. */
function ownerCall(owner: SignedIn) {
  const call = injectCall(kit.app);
  const headers = { cookie: owner.cookie, "x-csrf-token": owner.csrfToken };
  return (method: "GET" | "POST" | "PUT", url: string, body?: unknown) =>
    call(method, url, body, headers);
}

/** A service needing approval and two pending bookings of it on 3 and 4 March, 10:00 Berlin. */
async function twoPending(owner: SignedIn) {
  const call = ownerCall(owner);
  const { serviceId } = await setUpBooking(
    injectCall(kit.app),
    {
      cookie: owner.cookie,
      "x-csrf-token": owner.csrfToken,
    },
    { service: { onlineBooking: { enabled: true, requireManualApproval: true } } },
  );
  const ids: string[] = [];
  for (const day of ["03", "04"]) {
    const made = await injectCall(kit.app)(
      "POST",
      BOOKINGS,
      bookingRequest(
        serviceId,
        `2025-03-${day}T09:00:00.000Z`,
        `2025-03-${day}T09:30:00.000Z`,
        `c${day}@example.com`,
      ),
    );
    expect((made.json.booking as Json).status).toBe("PENDING");
    ids.push(String((made.json.booking as Json).id));
  }
  return { call, ids: ids as [string, string] };
}

const messageOf = (booking: Json) =>
  ((booking.extendedFields as Json).namespaces as Record<string, Json>)["@consultant/booking"]
    ?.ownerMessage;

describe("the owner's agenda", () => {
  test("the owner declines one booking with a message, confirms the other, and the agenda shows both", async () => {
    kit = await createOwnerKit();
    const owner = await kit.signedIn();
    const { call, ids } = await twoPending(owner);

    const declined = await call("POST", `${BOOKINGS}/${ids[0]}/decline`, {
      participantNotification: { notifyParticipants: true, message: "I am away that week." },
    });
    const confirmed = await call("POST", `${BOOKINGS}/${ids[1]}/confirm`, {});
    const agenda = await call("GET", AGENDA);

    expect(declined.status).toBe(200);
    expect(messageOf(declined.json.booking as Json)).toMatchObject({
      status: "DECLINED",
      text: "I am away that week.",
    });
    expect(confirmed.status).toBe(200);
    const listed = (agenda.json.bookings as Json[]).map((booking) => [booking.id, booking.status]);
    expect(listed).toEqual([
      [ids[0], "DECLINED"],
      [ids[1], "CONFIRMED"],
    ]);
    expect(messageOf((agenda.json.bookings as Json[])[0] as Json)).toMatchObject({
      text: "I am away that week.",
    });
  });

  test("a message too long is refused beside its field and the booking is left as it was", async () => {
    kit = await createOwnerKit();
    const owner = await kit.signedIn();
    const { call, ids } = await twoPending(owner);
    const refused = await call("POST", `${BOOKINGS}/${ids[0]}/cancel`, {
      participantNotification: { message: "x".repeat(2001) },
    });
    const agenda = await call("GET", AGENDA);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.json)).toContain("participantNotification.message");
    expect((agenda.json.bookings as Json[])[0]).toMatchObject({ status: "PENDING" });
  });
});

async function signedInEditor(owner: SignedIn): Promise<SignedIn> {
  await kit.asOwner(owner, {
    method: "POST",
    url: "/admin/api/collaborators",
    payload: { email: EDITOR_EMAIL },
  });
  await new Promise((resolve) => setImmediate(resolve));
  const mail = kit.db
    .prepare("SELECT body FROM mail_outbox WHERE recipient = ? ORDER BY id DESC")
    .get(EDITOR_EMAIL) as { body: string };
  const token = /token=([\w-]+)/.exec(mail.body)?.[1];
  await kit.app.inject({
    method: "POST",
    url: "/admin/api/reset",
    payload: { token, password: EDITOR_PASSWORD },
  });
  const response = await kit.app.inject({
    method: "POST",
    url: "/admin/api/sign-in",
    payload: { email: EDITOR_EMAIL, password: EDITOR_PASSWORD },
  });
  return {
    cookie: sessionCookieOf(response),
    csrfToken: (response.json() as { csrfToken: string }).csrfToken,
  };
}

describe("a collaborator, who edits content only (docs/security.md), is refused the booking area", () => {
  test("the agenda, declining, the schedule and the calendar feed answer 403", async () => {
    kit = await createOwnerKit();
    const owner = await kit.signedIn();
    const { ids } = await twoPending(owner);
    const editor = ownerCall(await signedInEditor(owner));

    const answers = [
      await editor("GET", AGENDA),
      await editor("POST", `${BOOKINGS}/${ids[0]}/decline`, {}),
      await editor("GET", "/_api/bookings-consultant/v1/schedule"),
      await editor("PUT", "/_api/bookings-consultant/v1/calendar-feed", {
        calendarFeed: { url: "http://169.254.169.254/" },
      }),
    ];

    expect(answers.map((answer) => answer.status)).toEqual([403, 403, 403, 403]);
    const agenda = await ownerCall(owner)("GET", AGENDA);
    expect((agenda.json.bookings as Json[])[0]).toMatchObject({ status: "PENDING" });
  });
});
