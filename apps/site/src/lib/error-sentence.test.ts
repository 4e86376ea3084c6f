import { HttpError, NetworkError } from "@consultant/content-client";
import { describe, expect, test } from "vitest";
import { asSentence, errorSentence, UNREACHABLE } from "./error-sentence.ts";

describe("errors as sentences", () => {
  test("the store's words become one sentence with a full stop, not 'That did not work: The code …'", () => {
    expect(asSentence("The code is wrong, expired or already used")).toBe(
      "The code is wrong, expired or already used.",
    );
    expect(asSentence("too many attempts. Try again in 5 seconds.")).toBe(
      "Too many attempts. Try again in 5 seconds.",
    );
    expect(asSentence("  ")).toBe("That did not work. Try again.");
  });

  test("a store that is down is said in a sentence, not as 'Network error on GET …'", () => {
    const error = new NetworkError(
      { method: "GET", url: "http://localhost:3000/admin/api/content" },
      new TypeError("fetch failed"),
    );
    expect(error.message).toContain("Network error on GET");
    expect(errorSentence(error)).toBe(UNREACHABLE);
    expect(errorSentence(error)).not.toContain("GET");
  });

  test("field violations are each a sentence", () => {
    const error = new HttpError({
      status: 400,
      code: "VALIDATION_FAILED",
      message: "invalid request",
      details: {
        validationError: {
          fieldViolations: [
            { field: "email", description: "must be an e-mail address", violatedRule: "FORMAT" },
            { field: "name", description: "is required", violatedRule: "REQUIRED_FIELD" },
          ],
        },
      },
      description: undefined,
      data: {},
      requestId: null,
      request: { method: "POST", url: "/admin/api/x" },
    });
    expect(errorSentence(error)).toBe("Must be an e-mail address. Is required.");
  });
});
