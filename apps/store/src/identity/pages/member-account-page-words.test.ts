/**
 * The signed-in member's pages as they hear them through a screen reader: the account page
 * with two-step verification off and on, its set-up and recovery codes, and signing out (asked,
 * done, everywhere). Titles, headings, each field's label and error, buttons, notices and links,
 * exactly: a change of copy fails here on purpose.
 */
import { TOTP } from "otpauth";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { createMemberKit, type MemberKit, ORIGIN } from "../../main/test-kit/identity-kit.ts";
import {
  createMemberBrowser,
  hiddenValue,
  type MemberBrowser,
} from "../../main/test-kit/member-browser.ts";
import {
  type FormReading,
  heard,
  expectedPage as page,
  readPage,
} from "../../main/test-kit/page-reader.ts";
import { TEST_CLIENT_ID } from "../../main/test-kit/test-app.ts";

let k: MemberKit;
let browser: MemberBrowser;
beforeEach(async () => {
  k = await createMemberKit();
  browser = createMemberBrowser(k);
  await k.signUp("ada@example.com");
  await browser.signIn("ada@example.com");
});
afterEach(() => k.close());

const button = (action: string, label: string): FormReading => ({
  action,
  carries: ["form_token", "csrf"],
  fields: [],
  button: label,
});
const OTHER_DEVICES =
  "Lost a device, or signed in somewhere you no longer trust? This ends every sign-in, here too.";
const OFF = "Off. Add a code from an authenticator app to every sign-in.";
const ON = "On: signing in asks for a code from your authenticator app.";
const EXPORT =
  "A zip file of everything the site keeps about you: your profile, sessions, sign-ins, mails and files.";
const DELETION =
  "Your account, your sign-ins and the files you sent are removed for good. This cannot be undone.";
const HEADINGS = [
  "Your name",
  "Password",
  "Two-step verification",
  "Passkeys",
  "Where you are signed in",
  "Recent sign-ins",
  "Your data",
  "Delete your account",
];
const TIME = "\\d{1,2} [A-Z][a-z]{2} \\d{4}, \\d{2}:\\d{2} UTC";

/** The account page around the two-step section (`twoStep`: its words and forms). */
const account = (
  twoStep: { text: string; forms: FormReading[] },
  notice?: string,
  otherSessions = 0,
) =>
  page("Your account", {
    ...(notice === undefined ? {} : { notice }),
    text: [
      "Signed in as ada@example.com.",
      twoStep.text,
      "Sign in with your device's fingerprint, face or PIN instead of the password.",
      "You have no passkey yet.",
      OTHER_DEVICES,
      EXPORT,
      DELETION,
    ],
    headings: HEADINGS,
    lists: {
      Sessions: [
        expect.stringMatching(
          new RegExp(`^lightMyRequest · 127\\.0\\.0\\.1 · last used ${TIME} \\(this device\\)$`),
        ),
        ...Array.from({ length: otherSessions }, () =>
          expect.stringMatching(
            new RegExp(`^lightMyRequest · .* End this session: lightMyRequest, last used ${TIME}$`),
          ),
        ),
      ],
      "Recent sign-ins": expect.arrayContaining([
        expect.stringMatching(new RegExp(`^${TIME} · signed in · password · 127\\.0\\.0\\.1$`)),
      ]),
    },
    forms: [
      button("/members/sign-out", "Sign out"),
      {
        ...button("/members/account/name", "Save the name"),
        fields: [
          {
            label: "Name",
            name: "name",
            type: "text",
            description: "How the site greets you.",
            value: "",
            autocomplete: "name",
            required: true,
          },
        ],
      },
      {
        ...button("/members/account/password", "Change the password"),
        fields: [
          {
            label: "New password",
            name: "newPassword",
            type: "password",
            description: "At least 8 characters. Your other devices are signed out.",
            autocomplete: "new-password",
            required: true,
          },
        ],
      },
      ...twoStep.forms,
      {
        action: "/members/account/passkeys",
        carries: ["form_token", "csrf", "challengeId", "credential"],
        fields: [
          {
            label: "Passkey name (optional)",
            name: "passkeyName",
            type: "text",
            description: "Say which device holds it, as “Work laptop”.",
          },
        ],
        button: "Add a passkey",
      },
      ...Array.from({ length: otherSessions }, () => ({
        ...button(
          "/members/account/sessions/end",
          expect.stringMatching(/^End this session: /) as string,
        ),
        carries: ["form_token", "csrf", "session"],
      })),
      ...(otherSessions === 0
        ? []
        : [button("/members/account/sessions/end-others", "End all other sessions")]),
      button("/members/account/sign-out-everywhere", "Sign out everywhere"),
      button("/members/account/export", "Download your data"),
      {
        ...button("/members/account/delete", "Delete my account"),
        fields: [
          {
            label: "Yes, delete my account for good",
            name: "confirm",
            type: "checkbox",
            value: "on",
          },
        ],
      },
    ],
  });

const accountOff = (notice?: string, otherSessions = 0) =>
  account(
    { text: OFF, forms: [button("/members/account/two-factor", "Set up two-step verification")] },
    notice,
    otherSessions,
  );

const accountOn = (error?: string, otherSessions = 0) =>
  account(
    {
      text: ON,
      forms: [
        {
          action: "/members/account/two-factor/disable",
          carries: ["form_token", "csrf"],
          fields: [
            {
              label: "Current code from the app, or a recovery code",
              name: "code",
              type: "text",
              autocomplete: "one-time-code",
              required: true,
              ...(error === undefined
                ? {}
                : { description: error, invalid: true, autofocus: true }),
            },
          ],
          button: "Turn off two-step verification",
        },
      ],
    },
    undefined,
    otherSessions,
  );

const setUp = (error?: string) =>
  page("Set up two-step verification", {
    text: [
      "Scan this QR code with an authenticator app.",
      expect.stringMatching(/^Or type this key: [A-Z2-7]{4}( [A-Z2-7]{4})+$/),
      "Enter the six-digit code the app shows.",
    ],
    images: ["QR code of your two-step verification key"],
    forms: [
      {
        action: "/members/account/two-factor/confirm",
        carries: ["form_token", "csrf", "enrolment"],
        fields: [
          {
            label: "Code from the app",
            name: "code",
            type: "text",
            autocomplete: "one-time-code",
            inputmode: "numeric",
            required: true,
            autofocus: true,
            ...(error === undefined ? {} : { description: error, invalid: true }),
          },
        ],
        button: "Turn on",
      },
    ],
  });

describe("the account page", () => {
  test("names the member and offers the name, password, two-step verification, sessions, sign-ins, export, deletion and signing out", async () => {
    expect(heard(await browser.get("/members/account"))).toEqual({ status: 200, ...accountOff() });
  });

  test("set-up shows the QR code and the key in groups of four, and a wrong code is read with the field", async () => {
    const csrf = await browser.csrf();
    const started = await browser.submit("/members/account/two-factor", { csrf });
    expect(heard(started)).toEqual({ status: 200, ...setUp() });
    // What a member copies by hand: the key alone, no space after its last group.
    expect(/id="manual-key">([^<]*)</.exec(started.body)?.[1]).toMatch(
      /^[A-Z2-7]{4}( [A-Z2-7]{4})+$/,
    );
    const wrong = await browser.submit("/members/account/two-factor/confirm", {
      csrf,
      enrolment: hiddenValue(started, "enrolment"),
      code: "000000",
    });
    expect(heard(wrong)).toEqual({
      status: 400,
      ...setUp("That code is not right. Enter the current code from the app."),
    });
    expect(readPage(wrong.body).text[1]).toBe(readPage(started.body).text[1]);
  });

  test("the recovery codes are announced with how to use them, and a way back", async () => {
    const csrf = await browser.csrf();
    const started = await browser.submit("/members/account/two-factor", { csrf });
    const key = /id="manual-key">([A-Z2-7 ]+)</.exec(started.body)?.[1]?.replace(/ /g, "");
    const codes = await browser.submit("/members/account/two-factor/confirm", {
      csrf,
      enrolment: hiddenValue(started, "enrolment"),
      code: new TOTP({ secret: key }).generate({ timestamp: k.clock.ms }),
    });
    expect(heard(codes)).toEqual({
      status: 200,
      ...page("Two-step verification is on", {
        notice:
          "Keep these recovery codes somewhere safe. Each works once, in place of a code from the app. They are shown only now.",
        lists: {
          "Recovery codes": Array.from({ length: 10 }, () =>
            expect.stringMatching(/^[0-9a-f]{5}-[0-9a-f]{5}$/),
          ),
        },
        links: [["Back to your account", "/members/account"]],
      }),
    });
  });

  test("with two-step verification on, a wrong code to turn it off is read with its field, then off is announced", async () => {
    browser.cookies.clear();
    const { totp } = await browser.enrolTotp("ada@example.com");
    const step = await browser.signIn("ada@example.com");
    k.clock.ms += 30_000;
    await browser.submit("/members/second-factor", {
      stateToken: hiddenValue(step, "stateToken"),
      code: totp.generate({ timestamp: k.clock.ms }),
    });
    // Two earlier sign-ins of this test are still live: each can be ended from here.
    expect(heard(await browser.get("/members/account"))).toEqual({
      status: 200,
      ...accountOn(undefined, 2),
    });
    const csrf = await browser.csrf();
    const wrong = await browser.submit("/members/account/two-factor/disable", {
      csrf,
      code: "000000",
    });
    expect(heard(wrong)).toEqual({
      status: 400,
      ...accountOn("The code is wrong, expired or already used", 2),
    });
    k.clock.ms += 30_000;
    const off = await browser.submit("/members/account/two-factor/disable", {
      csrf,
      code: totp.generate({ timestamp: k.clock.ms }),
    });
    expect(heard(off)).toEqual({
      status: 200,
      ...accountOff("Two-step verification is off.", 2),
    });
  });
});

describe("signing out", () => {
  test("a sign-out posted by another site asks first, naming the member, with a way to stay", async () => {
    const asked = await browser.submitRaw("/members/sign-out", { session: "the-app-session" });
    expect(heard(asked)).toEqual({
      status: 403,
      ...page("Sign out?", {
        text: ["You are signed in as ada@example.com. Do you want to sign out?"],
        forms: [
          {
            action: "/members/sign-out",
            carries: ["form_token", "csrf", "session"],
            fields: [],
            button: "Sign out",
          },
        ],
        links: [["Stay signed in", "/members/account"]],
      }),
    });
  });

  test("the account page's button signs out and offers to sign in again", async () => {
    const signedOut = await browser.submit("/members/sign-out", { csrf: await browser.csrf() });
    expect(heard(signedOut)).toEqual({
      status: 200,
      ...page("Signed out", {
        text: ["You are signed out."],
        links: [["Sign in", "/members/sign-in"]],
      }),
    });
  });

  test("signing out everywhere says every device is signed out", async () => {
    const everywhere = await browser.submit("/members/account/sign-out-everywhere", {
      csrf: await browser.csrf(),
    });
    expect(heard(everywhere)).toEqual({
      status: 200,
      ...page("Signed out everywhere", {
        text: ["You are signed out on every device."],
        links: [["Sign in", "/members/sign-in"]],
      }),
    });
  });

  test("an app's sign-out link with nowhere to go says the member is signed out", async () => {
    const { access_token } = await k.memberTokens("ada@example.com");
    const logout = await k.post(
      "/_api/redirects-api/v1/redirect-session",
      { logout: { clientId: TEST_CLIENT_ID } },
      { authorization: access_token, origin: ORIGIN },
    );
    const url = new URL(logout.json().redirectSession.fullUrl);
    expect(heard(await browser.get(url.pathname + url.search))).toEqual({
      status: 200,
      ...page("Signed out", { text: ["You are signed out."] }),
    });
  });
});
