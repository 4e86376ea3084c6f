/**
 * Setting the owner password before the owner does: without the setup link's token, or with a
 * body that is no object, nothing is set and the answer names what is missing (the owner's
 * request guard), so the password the attacker chose signs nobody in.
 */
import { afterEach, beforeEach, expect, test } from "vitest";
import { createOwnerKit, type OwnerKit } from "../../main/test-kit/owner-signed-in.ts";

const ATTACKER_PASSWORD = "the attacker's own password";

let kit: OwnerKit;
beforeEach(async () => {
  kit = await createOwnerKit({ password: null });
});
afterEach(() => kit.app.close());

const setup = (payload: string) =>
  kit.app.inject({
    method: "POST",
    url: "/admin/api/setup",
    headers: { "content-type": "application/json" },
    payload,
  });

async function expectNothingSet() {
  expect((await kit.signIn(ATTACKER_PASSWORD)).statusCode).toBe(401);
}

test.each([
  ["no token", { password: ATTACKER_PASSWORD }],
  ["an empty token", { token: "", password: ATTACKER_PASSWORD }],
  ["a token that is no string", { token: ["x"], password: ATTACKER_PASSWORD }],
])("a setup with %s is a 400 on token and sets nothing", async (_name, body) => {
  const response = await setup(JSON.stringify(body));
  expect(response.statusCode).toBe(400);
  expect(response.json().details.validationError.fieldViolations).toEqual([
    {
      field: "token",
      description: "must be a non-empty string",
      violatedRule: "REQUIRED_FIELD",
      data: {},
    },
  ]);
  await expectNothingSet();
});

test.each([
  ["a list", JSON.stringify([{ token: "x", password: ATTACKER_PASSWORD }])],
  ["a string", JSON.stringify("token=x")],
  ["null", "null"],
])("a setup body that is %s is a 400 on body and sets nothing", async (_name, payload) => {
  const response = await setup(payload);
  expect(response.statusCode).toBe(400);
  expect(response.json().details.validationError.fieldViolations).toEqual([
    {
      field: "body",
      description: "must be a JSON object",
      violatedRule: "REQUIRED_FIELD",
      data: {},
    },
  ]);
  await expectNothingSet();
});
