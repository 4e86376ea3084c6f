import { describe, expect, it } from "vitest";
import {
  ContentStoreError,
  HttpError,
  isContentStoreError,
  isHttpError,
  NetworkError,
  ResponseShapeError,
  TimeoutError,
} from "./errors.ts";

const request = { method: "GET", url: "/x" };

function httpError() {
  return new HttpError({
    message: "Not Found",
    code: "NOT_FOUND",
    status: 404,
    details: null,
    description: undefined,
    data: null,
    requestId: null,
    request,
  });
}

describe("error classes", () => {
  it("give each class its literal name", () => {
    expect(new ContentStoreError("m", "SERVER").name).toBe("ContentStoreError");
    expect(httpError().name).toBe("HttpError");
    expect(new NetworkError(request, new Error("x")).name).toBe("NetworkError");
    expect(new TimeoutError(request, 5, undefined).name).toBe("TimeoutError");
    expect(new ResponseShapeError(request, "JSON", "").name).toBe("ResponseShapeError");
  });

  it("make HttpError, NetworkError and TimeoutError content-store errors", () => {
    for (const error of [
      httpError(),
      new NetworkError(request, 1),
      new TimeoutError(request, 1, 1),
    ]) {
      expect(error).toBeInstanceOf(ContentStoreError);
    }
  });
});

describe("isContentStoreError", () => {
  it("accepts an error from another bundle by its name and code", () => {
    const foreign = Object.assign(new Error("m"), { name: "TimeoutError", code: "TIMEOUT" });

    expect(isContentStoreError(foreign)).toBe(true);
  });

  it("rejects ResponseShapeError and unrelated errors", () => {
    expect(isContentStoreError(new ResponseShapeError(request, "JSON", ""))).toBe(false);
    expect(isContentStoreError(new TypeError("x"))).toBe(false);
    expect(isContentStoreError(null)).toBe(false);
  });
});

describe("isHttpError", () => {
  it("accepts an HttpError and an object named HttpError from another realm", () => {
    expect(isHttpError(httpError())).toBe(true);
    expect(isHttpError({ name: "HttpError", status: 500 })).toBe(true);
  });

  it("rejects other content-store errors", () => {
    expect(isHttpError(new NetworkError(request, 1))).toBe(false);
    expect(isHttpError("HttpError")).toBe(false);
  });
});
