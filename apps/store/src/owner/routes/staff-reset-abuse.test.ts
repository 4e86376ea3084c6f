/**
 * The editor's mailed reset, as someone trying it would: a malformed address, a flood of
 * requests for one mailbox, a weak new password, and a second link kept after the first was
 * used. Each is refused or bounded, and a refused password leaves the link working.
 */
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { codeOf, violatedFields } from "../../main/test-kit/api.ts";
import { createOwnerKit, type OwnerKit } from "../../main/test-kit/owner-signed-in.ts";

const OWNER_EMAIL = "owner@example.com";
let kit: OwnerKit;

beforeEach(async () => {
  kit = await createOwnerKit();
  const owner = await kit.signedIn();
  const set = await kit.asOwner(owner, {
    method: "PUT",
    url: "/admin/api/account/email",
    payload: { email: OWNER_EMAIL, password: "a long and silly test password" },
  });
  expect(set.statusCode).toBe(200);
});
afterEach(() => kit.app.close());

const requestReset = (email: unknown) =>
  kit.app.inject({ method: "POST", url: "/admin/api/reset-request", payload: { email } });
const reset = (token: string, password: unknown) =>
  kit.app.inject({ method: "POST", url: "/admin/api/reset", payload: { token, password } });

async function mails() {
  await new Promise((resolve) => setImmediate(resolve));
  return kit.db.prepare("SELECT recipient, subject, body FROM mail_outbox ORDER BY id").all() as {
    recipient: string;
    subject: string;
    body: string;
  }[];
}
type Violation = { field: string; description: string; violatedRule: string };
const violationsOf = (response: { json: () => unknown }): Violation[] =>
  (
    response.json() as { details: { validationError: { fieldViolations: Violation[] } } }
  ).details.validationError.fieldViolations.map(({ field, description, violatedRule }) => ({
    field,
    description,
    violatedRule,
  }));
const tokenIn = (body: string | undefined) => /token=([\w-]+)/.exec(body ?? "")?.[1] ?? "";

test("a malformed address is refused by name, and nothing is mailed", async () => {
  const refused = await requestReset("owner-at-example");
  expect(refused.statusCode).toBe(400);
  expect(violationsOf(refused)).toEqual([
    { field: "email", description: "must be a valid e-mail address", violatedRule: "FORMAT" },
  ]);
  expect(await mails()).toEqual([]);
});

test("the mail names what it is for and how long its link works", async () => {
  await requestReset(OWNER_EMAIL);
  const [mail] = await mails();
  expect(mail?.subject).toBe("Reset your editor password");
  expect(mail?.body).toContain("The link works once, for 60 minutes.");
  expect(mail?.body).toContain("If you did not ask for it, ignore this message.");
  expect(mail?.body).toMatch(/\/admin\/reset\?token=[\w-]+\n/);
});

test("a flood of requests for one mailbox mails it three times, answering the same", async () => {
  for (let i = 0; i < 5; i++) expect((await requestReset(OWNER_EMAIL)).statusCode).toBe(200);
  expect((await mails()).filter((mail) => mail.recipient === OWNER_EMAIL)).toHaveLength(3);
});

test("a weak new password is refused and leaves the link working", async () => {
  await requestReset(OWNER_EMAIL);
  const token = tokenIn((await mails())[0]?.body);
  const weak = await reset(token, "short");
  expect(weak.statusCode).toBe(400);
  expect((weak.json() as { message: string }).message).toBe("invalid password");
  expect(violationsOf(weak).map((v) => [v.field, v.violatedRule])).toEqual([
    ["password", "FORMAT"],
  ]);
  expect(violatedFields(await reset(token, 12345678901))).toEqual(["password"]);
  expect((await reset(token, "a brand new owner password")).statusCode).toBe(200);
});

test("a second reset link kept after the first was used opens nothing", async () => {
  await requestReset(OWNER_EMAIL);
  await requestReset(OWNER_EMAIL);
  const [first, second] = (await mails()).map((mail) => tokenIn(mail.body));
  expect(first).not.toBe(second);
  expect((await reset(second ?? "", "a brand new owner password")).statusCode).toBe(200);
  const kept = await reset(first ?? "", "the attacker's chosen password");
  expect(codeOf(kept)).toBe("OWNER_RESET_LINK_INVALID");
  expect((await kit.signIn("a brand new owner password")).statusCode).toBe(200);
});

describe("an invitation", () => {
  const invite = async (email: string) =>
    kit.asOwner(await kit.signedIn(), {
      method: "POST",
      url: "/admin/api/collaborators",
      payload: { email },
    });
  const verified = (email: string) =>
    Number(
      (
        kit.db.prepare("SELECT email_verified AS v FROM identities WHERE email = ?").get(email) as {
          v: number | boolean;
        }
      ).v,
    );

  test("mails a link marked as an invitation, good for three days, and where to sign in", async () => {
    expect((await invite("cleo@example.com")).statusCode).toBe(200);
    const mail = (await mails()).find((m) => m.recipient === "cleo@example.com");
    expect(mail?.subject).toBe("You are invited to edit the site");
    expect(mail?.body).toContain("You are invited to edit the site's content. Choose a password: ");
    expect(mail?.body).toMatch(/\/admin\/reset\?token=[\w-]+&invited=1\n/);
    expect(mail?.body).toContain("The link works once, for 72 hours.");
    expect(mail?.body).toMatch(/Then sign in at \S+\/admin with this e-mail address\./);
  });

  test("the address is proven only when the collaborator uses the link", async () => {
    await invite("cleo@example.com");
    expect(verified("cleo@example.com")).toBe(0);
    const mail = (await mails()).find((m) => m.recipient === "cleo@example.com");
    expect((await reset(tokenIn(mail?.body), "cleo's own long password")).statusCode).toBe(200);
    expect(verified("cleo@example.com")).toBe(1);
  });
});
