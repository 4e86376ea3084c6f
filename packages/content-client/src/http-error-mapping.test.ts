import { describe, expect, it } from "vitest";
import { ErrorCode, HttpError } from "./errors.ts";
import { type FailedResponse, toConstantCase, toHttpError } from "./http-error-mapping.ts";

const request = { method: "POST", url: "https://api.test/wix-data/v2/items/query" };

function failed(overrides: Partial<FailedResponse>): FailedResponse {
  return {
    status: 400,
    statusText: "Bad Request",
    body: null,
    requestId: "req-1",
    request,
    ...overrides,
  };
}

describe("validation errors", () => {
  const body = {
    message: "invalid query",
    details: {
      validationError: {
        fieldViolations: [
          { field: "query.paging.limit", description: "must be at most 1000", violatedRule: "MAX" },
          { field: "dataCollectionId", description: "must not be empty", violatedRule: "REQUIRED" },
          { field: "Zeta", description: "is upper-case", violatedRule: "OTHER" },
        ],
      },
    },
  };

  it("lists the violations sorted by field in an INVALID_ARGUMENT message", () => {
    const error = toHttpError(failed({ body }));

    expect(error.message).toBe(
      'INVALID_ARGUMENT: "Zeta" is upper-case, "dataCollectionId" must not be empty, "query.paging.limit" must be at most 1000',
    );
    expect(error.code).toBe(ErrorCode.INVALID_ARGUMENT);
  });

  it("keeps status, the body's details, the request id and the request", () => {
    const error = toHttpError(failed({ body }));

    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      status: 400,
      details: body.details,
      requestId: "req-1",
      request,
      data: body,
    });
  });
});

describe("application errors", () => {
  it("uses the body message when it equals the description", () => {
    const body = {
      message: "Item [x] does not exist",
      details: {
        applicationError: {
          code: "WDE0073",
          description: "Item [x] does not exist",
          data: { id: "x" },
        },
      },
    };

    const error = toHttpError(failed({ status: 404, statusText: "Not Found", body }));

    expect(error).toMatchObject({
      message: "Item [x] does not exist",
      code: "WDE0073",
      description: "Item [x] does not exist",
      data: { id: "x" },
    });
  });

  it("joins message and description when they differ", () => {
    const body = {
      message: "bad captcha",
      details: { applicationError: { code: "-19971", description: "Missing captcha token" } },
    };

    const error = toHttpError(failed({ body }));

    expect(error.message).toBe("bad captcha: Missing captcha token");
    expect(error.code).toBe("-19971");
    expect(error.data).toEqual({});
  });

  it("falls back to the status text for a missing message and code", () => {
    const body = { details: { applicationError: { description: "Permission denied" } } };

    const error = toHttpError(failed({ status: 403, statusText: "Forbidden", body }));

    expect(error.message).toBe("Forbidden: Permission denied");
    expect(error.code).toBe(ErrorCode.FORBIDDEN);
  });
});

describe("other 4xx errors", () => {
  it("derives the code from the status text and uses the body message", () => {
    const error = toHttpError(
      failed({ status: 404, statusText: "Not Found", body: { message: "No route /x" } }),
    );

    expect(error).toMatchObject({ code: "NOT_FOUND", message: "No route /x", details: null });
  });

  it("uses the status text as message when the body has none", () => {
    const error = toHttpError(failed({ status: 429, statusText: "Too Many Requests", body: null }));

    expect(error).toMatchObject({ code: "TOO_MANY_REQUESTS", message: "Too Many Requests" });
  });

  it("knows the status text when the response has none (HTTP/2)", () => {
    const error = toHttpError(failed({ status: 401, statusText: "", body: {} }));

    expect(error).toMatchObject({ code: ErrorCode.UNAUTHORIZED, message: "Unauthorized" });
  });
});

describe("system errors", () => {
  it("names the request id for a 5xx without details", () => {
    const error = toHttpError(
      failed({ status: 500, statusText: "Internal Server Error", body: { message: "boom" } }),
    );

    expect(error).toMatchObject({
      message: "System error occurred, request-id: req-1",
      code: ErrorCode.SERVER,
      data: { message: "boom" },
    });
  });

  it("omits the request id when the response has none", () => {
    const error = toHttpError(failed({ status: 502, statusText: "Bad Gateway", requestId: null }));

    expect(error.message).toBe("System error occurred");
  });

  it("treats a success status other than 200 as a system error", () => {
    const error = toHttpError(failed({ status: 204, statusText: "No Content" }));

    expect(error).toMatchObject({ status: 204, code: ErrorCode.SERVER });
  });
});

describe("toConstantCase", () => {
  it.each([
    ["Not Found", "NOT_FOUND"],
    ["Too Many Requests", "TOO_MANY_REQUESTS"],
    ["I'm a teapot", "I_M_A_TEAPOT"],
    ["badRequest", "BAD_REQUEST"],
    ["Request-URI Too Long", "REQUEST_URI_TOO_LONG"],
  ])("turns %j into %s", (text, code) => {
    expect(toConstantCase(text)).toBe(code);
  });
});
