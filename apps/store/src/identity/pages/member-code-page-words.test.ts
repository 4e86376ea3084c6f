/**
 * The pages after the password as a member hears them through a screen reader: the e-mail code
 * after signing up and the second factor at sign-in, each field by its label with its hint and
 * error, each button, notice and link, and the values each form carries back. A change of copy
 * fails here on purpose. (The sign-in and sign-up pages: member-sign-in-page-words.test.ts.)
 */
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { createMemberKit, type MemberKit, PASSWORD } from "../../main/test-kit/identity-kit.ts";
import {
  createMemberBrowser,
  hiddenValue,
  type MemberBrowser,
} from "../../main/test-kit/member-browser.ts";
import { startSignInFlow } from "../../main/test-kit/member-signed-in.ts";
import { heard, type PageReading, expectedPage as page } from "../../main/test-kit/page-reader.ts";

let k: MemberKit;
let browser: MemberBrowser;
beforeEach(async () => {
  k = await createMemberKit();
  browser = createMemberBrowser(k);
});
afterEach(() => k.close());

const carried = (session: string | undefined, ...names: string[]) =>
  session === undefined ? ["form_token", ...names] : ["form_token", "session", ...names];

describe("the e-mail code", () => {
  const codePage = (session: string, text: Partial<PageReading>, codeField = {}) =>
    page("Check your e-mail", {
      ...text,
      forms: [
        {
          action: "/members/verify-email",
          carries: carried(session, "stateToken"),
          fields: [
            {
              label: "Verification code",
              name: "code",
              type: "text",
              autocomplete: "one-time-code",
              inputmode: "numeric",
              required: true,
              autofocus: true,
              ...codeField,
            },
          ],
          button: "Verify",
        },
        {
          action: "/members/resend-code",
          carries: carried(session, "stateToken", "email"),
          fields: [],
          button: "Send a new code",
        },
      ],
    });

  async function signUpOnPage() {
    const { session } = await startSignInFlow(k);
    const sent = await browser.submit("/members/sign-up", {
      name: "Ada New",
      session,
      email: "new@example.com",
      password: PASSWORD,
    });
    return { session, sent, stateToken: hiddenValue(sent, "stateToken") };
  }

  test("after signing up, the page says where the code went and asks for it", async () => {
    const { session, sent } = await signUpOnPage();
    expect(heard(sent)).toEqual({
      status: 200,
      ...codePage(session, { text: ["We sent a six-digit code to new@example.com."] }),
    });
  });

  test("a wrong code is read with the code field", async () => {
    const { session, stateToken } = await signUpOnPage();
    const wrong = await browser.submit("/members/verify-email", {
      session,
      stateToken,
      code: "000000",
    });
    expect(heard(wrong)).toEqual({
      status: 400,
      ...codePage(
        session,
        { text: ["We sent a six-digit code to new@example.com."] },
        { description: "The code is wrong, expired or already used", invalid: true },
      ),
    });
  });

  test("asking for a new code announces where it went", async () => {
    const { session, stateToken } = await signUpOnPage();
    k.clock.ms += 61_000;
    const again = await browser.submit("/members/resend-code", {
      session,
      stateToken,
      email: "new@example.com",
    });
    expect(heard(again)).toEqual({
      status: 200,
      ...codePage(session, { notice: "We sent a new code to new@example.com." }),
    });
  });
});

describe("the second factor", () => {
  const stepPage = (session: string, codeField = {}) =>
    page("Two-step verification", {
      forms: [
        {
          action: "/members/second-factor",
          carries: carried(session, "stateToken"),
          fields: [
            {
              label: "Code from your authenticator app",
              name: "code",
              type: "text",
              description: "Or one of your recovery codes.",
              autocomplete: "one-time-code",
              required: true,
              autofocus: true,
              ...codeField,
            },
            {
              label: "Remember this device for 30 days",
              name: "remember",
              type: "checkbox",
              value: "on",
            },
          ],
          button: "Continue",
        },
      ],
    });

  test("the page asks for the app's code, says a recovery code works, and offers to remember the device", async () => {
    await k.signUp("ada@example.com");
    await browser.enrolTotp("ada@example.com");
    const { session } = await startSignInFlow(k);
    const step = await browser.submit("/members/sign-in", {
      session,
      email: "ada@example.com",
      password: PASSWORD,
    });
    expect(heard(step)).toEqual({ status: 200, ...stepPage(session) });
    const wrong = await browser.submit("/members/second-factor", {
      session,
      stateToken: hiddenValue(step, "stateToken"),
      code: "000000",
    });
    expect(heard(wrong)).toEqual({
      status: 400,
      ...stepPage(session, {
        description: "Or one of your recovery codes. The code is wrong, expired or already used",
        invalid: true,
      }),
    });
  });
});
