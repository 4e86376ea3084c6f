/**
 * A mail server that refuses every message: a sign-up still goes through (the member can ask for
 * the code again later), and the store's log says the mail failed and why, for the operator.
 */
import { afterEach, expect, test, vi } from "vitest";
import { createMemberKit, type MemberKit, PASSWORD } from "../../main/test-kit/identity-kit.ts";

const REFUSAL = "550 relay access denied";

let k: MemberKit | undefined;
afterEach(() => k?.close());

test("a sign-up whose code mail fails is registered, and the failure is logged with its cause", async () => {
  const lines: string[] = [];
  k = await createMemberKit(
    {
      mailer: {
        send: async () => {
          throw new Error(REFUSAL);
        },
      },
    },
    { logger: { level: "error", stream: { write: (line: string) => lines.push(line) } } },
  );
  const response = await k.post("/_api/iam/authentication/v2/register", {
    loginId: { email: "ada@example.com" },
    password: PASSWORD,
  });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toMatchObject({ state: "REQUIRE_EMAIL_VERIFICATION" });

  await vi.waitFor(() => expect(lines).not.toEqual([]));
  const logged = lines.map(
    (line) => JSON.parse(line) as { msg: string; err?: { message: string } },
  );
  expect(logged).toEqual([
    expect.objectContaining({
      msg: "mail delivery failed",
      err: expect.objectContaining({ message: REFUSAL }),
    }),
  ]);
});
