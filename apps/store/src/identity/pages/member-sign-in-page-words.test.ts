/**
 * The sign-in pages as a member hears them through a screen reader: each page's title and
 * heading, every field by its own label with its hint and, for each wrong input, its error,
 * each button, notice and link, and the values each form carries back. A change of copy fails
 * here on purpose.
 */
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { createMemberKit, type MemberKit, PASSWORD } from "../../main/test-kit/identity-kit.ts";
import { createMemberBrowser, type MemberBrowser } from "../../main/test-kit/member-browser.ts";
import { codeIn, startSignInFlow } from "../../main/test-kit/member-signed-in.ts";
import {
  type FieldReading,
  heard,
  type PageReading,
  expectedPage as page,
} from "../../main/test-kit/page-reader.ts";

let k: MemberKit;
let browser: MemberBrowser;
beforeEach(async () => {
  k = await createMemberKit();
  browser = createMemberBrowser(k);
});
afterEach(() => k.close());

const withSession = (path: string, session?: string) =>
  session === undefined ? path : `${path}?session=${session}`;
const carried = (session: string | undefined, ...names: string[]) =>
  session === undefined ? ["form_token", ...names] : ["form_token", "session", ...names];
const PASSWORD_HINT = "At least 8 characters.";

function signInReading(
  options: { session?: string; email?: string; alert?: string; continueAs?: string } = {},
): PageReading {
  const wrong = options.alert !== undefined && options.email !== undefined;
  const email: FieldReading = {
    label: "E-mail",
    name: "email",
    type: "email",
    value: options.email ?? "",
    autocomplete: "username webauthn",
    required: true,
    ...(wrong ? {} : { autofocus: true }),
  };
  const password: FieldReading = {
    label: "Password",
    name: "password",
    type: "password",
    autocomplete: "current-password",
    required: true,
    ...(wrong ? { description: options.alert, invalid: true, autofocus: true } : {}),
  };
  const signIn = {
    action: "/members/sign-in",
    carries: carried(options.session),
    fields: [email, password],
    button: "Sign in",
  };
  const continueAs = {
    action: "/members/continue",
    carries: carried(options.session),
    fields: [],
    button: `Continue as ${options.continueAs}`,
  };
  // Shown by the passkey script where the browser has passkeys (hidden without JavaScript).
  const passkey = {
    action: "/members/passkey",
    carries: carried(options.session, "challengeId", "credential"),
    fields: [],
    button: "Use a passkey",
  };
  return page("Sign in", {
    ...(options.alert === undefined ? {} : { alert: options.alert }),
    forms: options.continueAs === undefined ? [signIn, passkey] : [continueAs, signIn, passkey],
    links: [
      ["Create an account", withSession("/members/sign-up", options.session)],
      ["Forgot your password?", withSession("/members/forgot-password", options.session)],
    ],
  });
}

describe("sign in", () => {
  test("opened from the site, the page asks for e-mail and password and links onward", async () => {
    expect(heard(await browser.get("/members/sign-in"))).toEqual({
      status: 200,
      ...signInReading(),
    });
  });

  test("opened by an app, the form and every link keep the app's sign-in session", async () => {
    const { path, session } = await startSignInFlow(k);
    expect(heard(await browser.get(path))).toEqual({ status: 200, ...signInReading({ session }) });
  });

  test("a wrong password is announced and read with the password field, the e-mail kept", async () => {
    await k.signUp("ada@example.com");
    const { session } = await startSignInFlow(k);
    const wrong = await browser.submit("/members/sign-in", {
      session,
      email: "ada@example.com",
      password: "not the password",
    });
    const alert = "Wrong e-mail or password.";
    expect(heard(wrong)).toEqual({
      status: 400,
      ...signInReading({ session, email: "ada@example.com", alert }),
    });
  });

  test("a browser already signed in is offered to continue as its member, which finishes the app's sign-in", async () => {
    await k.signUp("ada@example.com");
    await browser.signIn("ada@example.com");
    const { path, session } = await startSignInFlow(k);
    const offered = await browser.get(path);
    expect(heard(offered)).toEqual({
      status: 200,
      ...signInReading({ session, continueAs: "ada@example.com" }),
    });
    const done = await browser.submit("/members/continue", { session });
    expect(codeIn(done).get("code")).toEqual(expect.any(String));
  });
});

describe("sign up", () => {
  const fields = (
    values: { email?: string; name?: string } = {},
  ): [FieldReading, FieldReading, FieldReading] => [
    {
      label: "Your name",
      name: "name",
      type: "text",
      value: values.name ?? "",
      description: "How the site greets you.",
      autocomplete: "name",
      required: true,
      autofocus: true,
    },
    {
      label: "E-mail",
      name: "email",
      type: "email",
      value: values.email ?? "",
      autocomplete: "email",
      required: true,
    },
    {
      label: "Password",
      name: "password",
      type: "password",
      description: PASSWORD_HINT,
      autocomplete: "new-password",
      required: true,
    },
  ];
  const signUp = (session: string, fieldsRead: FieldReading[], alert?: string) =>
    page("Create an account", {
      ...(alert === undefined ? {} : { alert }),
      forms: [
        {
          action: "/members/sign-up",
          carries: carried(session),
          fields: fieldsRead,
          button: "Create account",
        },
      ],
      links: [["I already have an account", withSession("/members/sign-in", session)]],
    });

  test("the form names each field, says how long a password must be, and links back to sign in", async () => {
    const { session } = await startSignInFlow(k);
    expect(heard(await browser.get(withSession("/members/sign-up", session)))).toEqual({
      status: 200,
      ...signUp(session, fields()),
    });
  });

  test("a malformed e-mail and a short password are each read with their own field", async () => {
    const { session } = await startSignInFlow(k);
    const refused = await browser.submit("/members/sign-up", {
      name: "Ada New",
      session,
      email: "not-an-address",
      password: "short",
    });
    const [name, email, password] = fields({ email: "not-an-address", name: "Ada New" });
    const { autofocus: _, ...nameNotFocused } = name;
    expect(heard(refused)).toEqual({
      status: 400,
      ...signUp(
        session,
        [
          nameNotFocused,
          {
            ...email,
            description: "E-mail must be a valid e-mail address.",
            invalid: true,
            autofocus: true,
          },
          {
            ...password,
            description: `${PASSWORD_HINT} Password must be at least 8 characters.`,
            invalid: true,
            autofocus: true,
          },
        ],
        "Check the highlighted fields.",
      ),
    });
  });

  test("a name left out, or over 100 characters, is read with the name field, the e-mail kept", async () => {
    const { session } = await startSignInFlow(k);
    const [name, email, password] = fields({ email: "new@example.com" });
    for (const [typed, problem] of [
      ["  ", "Enter your name."],
      ["A".repeat(101), "Keep the name to at most 100 characters."],
    ] as const) {
      const refused = await browser.submit("/members/sign-up", {
        session,
        name: typed,
        email: "new@example.com",
        password: PASSWORD,
      });
      expect(heard(refused)).toEqual({
        status: 400,
        ...signUp(
          session,
          [
            {
              ...name,
              value: typed.trim(),
              description: `How the site greets you. ${problem}`,
              invalid: true,
            },
            email,
            password,
          ],
          "Check the highlighted fields.",
        ),
      });
    }
  });

  test("a taken e-mail is announced and read with the e-mail field", async () => {
    await k.signUp("ada@example.com");
    const { session } = await startSignInFlow(k);
    const taken = await browser.submit("/members/sign-up", {
      name: "Ada New",
      session,
      email: "ada@example.com",
      password: PASSWORD,
    });
    const message = "An account with this e-mail already exists. Sign in instead.";
    const [name, email, password] = fields({ email: "ada@example.com", name: "Ada New" });
    const { autofocus: _, ...nameNotFocused } = name;
    const taken_ = {
      ...email,
      description: message,
      invalid: true as const,
      autofocus: true as const,
    };
    expect(heard(taken)).toEqual({
      status: 409,
      ...signUp(session, [nameNotFocused, taken_, password], message),
    });
  });
});
