/**
 * The pages around signing in as a member hears them through a screen reader: "Forgot your
 * password?", the page its mailed link opens, the pages that end a flow (waiting for approval,
 * the web_message page) and the error pages. Titles, headings, each field's label, hint and
 * error, buttons and links, exactly: a change of copy fails here on purpose.
 */
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  createMemberKit,
  type MemberKit,
  ORIGIN,
  PASSWORD,
} from "../../main/test-kit/identity-kit.ts";
import {
  createMemberBrowser,
  hiddenValue,
  type MemberBrowser,
} from "../../main/test-kit/member-browser.ts";
import { startSignInFlow } from "../../main/test-kit/member-signed-in.ts";
import { heard, expectedPage as page } from "../../main/test-kit/page-reader.ts";

let k: MemberKit;
let browser: MemberBrowser;
beforeEach(async () => {
  k = await createMemberKit();
  browser = createMemberBrowser(k);
});
afterEach(() => k.close());

const PASSWORD_HINT = "At least 8 characters.";

describe("forgot your password", () => {
  const askPage = (session: string, email: string, error?: string) =>
    page("Reset your password", {
      text: [
        "Enter your e-mail. If it belongs to an account, we send a link to choose a new password.",
      ],
      forms: [
        {
          action: "/members/forgot-password",
          carries: ["form_token", "session"],
          fields: [
            {
              label: "E-mail",
              name: "email",
              type: "email",
              value: email,
              autocomplete: "email",
              required: true,
              autofocus: true,
              ...(error === undefined ? {} : { description: error, invalid: true }),
            },
          ],
          button: "Send the link",
        },
      ],
      links: [["Back to sign in", `/members/sign-in?session=${session}`]],
    });

  test("the page says what happens, asks for the e-mail and links back to the app's sign-in", async () => {
    const { session } = await startSignInFlow(k);
    const asked = await browser.get(`/members/forgot-password?session=${session}`);
    expect(heard(asked)).toEqual({ status: 200, ...askPage(session, "") });
  });

  test("a malformed address is read with the e-mail field", async () => {
    const { session } = await startSignInFlow(k);
    const refused = await browser.submit("/members/forgot-password", { session, email: "nope" });
    expect(heard(refused)).toEqual({
      status: 400,
      ...askPage(session, "nope", "E-mail must be a valid e-mail address."),
    });
  });

  test("a sent link is confirmed without telling whether the address has an account", async () => {
    const { session } = await startSignInFlow(k);
    const sent = await browser.submit("/members/forgot-password", {
      session,
      email: "nobody@example.com",
    });
    expect(heard(sent)).toEqual({
      status: 200,
      ...page("Check your e-mail", {
        text: [
          "If nobody@example.com belongs to an account, we sent it a link to choose a new password.",
        ],
        links: [["Back to sign in", `/members/sign-in?session=${session}`]],
      }),
    });
  });
});

describe("the mailed link's page", () => {
  const choosePage = (error?: string) =>
    page("Choose a new password", {
      forms: [
        {
          action: "/members/reset-password",
          carries: ["form_token", "token"],
          fields: [
            {
              label: "New password",
              name: "password",
              type: "password",
              description: error === undefined ? PASSWORD_HINT : `${PASSWORD_HINT} ${error}`,
              autocomplete: "new-password",
              required: true,
              autofocus: true,
              ...(error === undefined ? {} : { invalid: true }),
            },
          ],
          button: "Save the password",
        },
      ],
    });

  async function openMailedLink() {
    await k.signUp("ada@example.com");
    await browser.submit("/members/forgot-password", { email: "ada@example.com" });
    const mail = await k.smtp.nextMail("ada@example.com", 1);
    const link = new URL(/https?:\/\/\S+/.exec(mail.text)?.[0] ?? "");
    return browser.get(link.pathname + link.search);
  }

  test("asks for the new password, a short one read with its field, then says it is saved", async () => {
    const form = await openMailedLink();
    expect(heard(form)).toEqual({ status: 200, ...choosePage() });
    const token = hiddenValue(form, "token");
    const short = await browser.submit("/members/reset-password", { token, password: "short" });
    expect(heard(short)).toEqual({
      status: 400,
      ...choosePage("Password must be at least 8 characters."),
    });
    const saved = await browser.submit("/members/reset-password", {
      token,
      password: "my new password",
    });
    expect(heard(saved)).toEqual({
      status: 200,
      ...page("Password changed", {
        text: ["Your new password is saved."],
        links: [["Sign in", "/members/sign-in"]],
      }),
    });
  });

  test("a used link says so and how to get a new one", async () => {
    const form = await openMailedLink();
    const token = hiddenValue(form, "token");
    await browser.submit("/members/reset-password", { token, password: "my new password" });
    expect(heard(await browser.get(`/members/reset-password?token=${token}`))).toEqual({
      status: 400,
      ...page("Something is not right", {
        text: ["This link is invalid, expired or already used. Ask for a new one."],
      }),
    });
  });
});

describe("the end of a flow", () => {
  test("an app's sign-in link that is unknown says so, with no way to go on from it", async () => {
    expect(heard(await browser.get("/members/authorize?session=made-up"))).toEqual({
      status: 400,
      ...page("Something is not right", {
        text: ["This sign-in link is invalid or has expired. Go back and try again."],
      }),
    });
  });

  test("the web_message page asks to close the window and carries the answer only as data", async () => {
    await k.signUp("ada@example.com");
    await browser.signIn("ada@example.com");
    const { flow, path } = await startSignInFlow(k, {
      prompt: "none",
      responseMode: "web_message",
      redirectUri: null,
    });
    expect(heard(await browser.get(path))).toEqual({
      status: 200,
      ...page("Signing in", {
        data: {
          "data-state": flow.state,
          "data-target-origin": ORIGIN,
          "data-code": expect.stringMatching(/^\S+$/),
        },
        text: ["You can close this window."],
      }),
    });
  });

  test("a new member waiting for the owner's approval is told so after the e-mail code", async () => {
    const approving = await createMemberKit({ config: { requireApproval: true } });
    try {
      const pages = createMemberBrowser(approving);
      const sent = await pages.submit("/members/sign-up", {
        name: "Ada New",
        email: "new@example.com",
        password: PASSWORD,
      });
      const waiting = await pages.submit("/members/verify-email", {
        stateToken: hiddenValue(sent, "stateToken"),
        code: await approving.mailedCode("new@example.com"),
      });
      expect(heard(waiting)).toEqual({
        status: 200,
        ...page("Waiting for approval", {
          text: [
            "Your account is waiting for the site owner's approval. You can sign in once it is approved.",
          ],
        }),
      });
    } finally {
      await approving.close();
    }
  });
});
