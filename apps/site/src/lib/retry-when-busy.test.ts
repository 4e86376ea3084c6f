import { HttpError } from "@consultant/content-client";
import { describe, expect, test } from "vitest";
import { retryWhenBusy } from "./retry-when-busy.ts";

function answer(status: number, code: string, data: unknown = null): HttpError {
  return new HttpError({
    status,
    code,
    message: code,
    details: null,
    description: undefined,
    data,
    requestId: null,
    request: { method: "POST", url: "http://localhost/sign-in" },
  });
}

describe("a sign-in turned away as busy", () => {
  test("is tried again after the wait the store names, and the person sees the sign-in succeed", async () => {
    const waits: number[] = [];
    let calls = 0;
    const result = await retryWhenBusy(
      async () => {
        calls += 1;
        if (calls < 3) throw answer(429, "SIGN_IN_BUSY", { retryAfterSeconds: 2 });
        return "signed in";
      },
      { sleep: async (ms) => void waits.push(ms) },
    );
    expect(result).toBe("signed in");
    expect(waits).toEqual([2000, 2000]);
  });

  test("gives up after the last try and shows the store's answer", async () => {
    let calls = 0;
    const busy = answer(429, "SIGN_IN_BUSY", { retryAfterSeconds: 1 });
    await expect(
      retryWhenBusy(
        async () => {
          calls += 1;
          throw busy;
        },
        { tries: 3, sleep: async () => {} },
      ),
    ).rejects.toBe(busy);
    expect(calls).toBe(3);
  });

  test("a wrong password or a lockout is not tried again", async () => {
    for (const refusal of [answer(401, "WRONG_PASSWORD"), answer(429, "OWNER_SIGN_IN_LIMITED")]) {
      let calls = 0;
      await expect(
        retryWhenBusy(
          async () => {
            calls += 1;
            throw refusal;
          },
          { sleep: async () => {} },
        ),
      ).rejects.toBe(refusal);
      expect(calls).toBe(1);
    }
  });

  test("an answer asking for a long wait is honoured only up to 5 seconds", async () => {
    const waits: number[] = [];
    let calls = 0;
    await retryWhenBusy(
      async () => {
        calls += 1;
        if (calls === 1) throw answer(429, "SIGN_IN_BUSY", { retryAfterSeconds: 3600 });
        return true;
      },
      { sleep: async (ms) => void waits.push(ms) },
    );
    expect(waits).toEqual([5000]);
  });
});
