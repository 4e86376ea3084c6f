/** The store's transport: body limits and content types, request ids, CORS. */
import { describe, expect, test } from "vitest";
import { BODY_LIMIT_BYTES } from "./app.ts";
import { queryApp } from "./test-kit/query-app.ts";
import { createTestApp } from "./test-kit/test-app.ts";

const k = queryApp();
const { postRaw, postQuery } = k;

describe("transport errors", () => {
  test("a body over 1 MiB answers 413 WDE0109", async () => {
    const response = await postRaw(
      JSON.stringify({ dataCollectionId: "HomePage", pad: "x".repeat(BODY_LIMIT_BYTES) }),
    );
    expect(response.statusCode).toBe(413);
    expect(response.headers["x-wix-request-id"]).toEqual(expect.any(String));
    expect(response.json()).toEqual({
      message: "Payload is too large.",
      details: {
        applicationError: { code: "WDE0109", description: "Payload is too large.", data: {} },
      },
    });
  });

  test("an unsupported content type answers 415", async () => {
    const response = await postRaw("<xml/>", "application/xml");
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({
      details: { applicationError: { code: "UNSUPPORTED_MEDIA_TYPE" } },
    });
  });

  test("a malformed URL answers 400 in the protocol shape", async () => {
    const response = await k.app.inject({
      method: "GET",
      url: "/wix-data/%E0%A4%A",
      headers: { origin: "https://site.example" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers["x-wix-request-id"]).toEqual(expect.any(String));
    expect(response.headers["access-control-expose-headers"]).toBe("x-wix-request-id");
    expect(response.json()).toMatchObject({
      details: { validationError: { fieldViolations: [{ field: "url" }] } },
    });
  });

  test("an unknown route answers 404 in the protocol shape", async () => {
    const response = await k.app.inject({ method: "GET", url: "/wix-data/v2/nothing?x=1" });
    expect(response.statusCode).toBe(404);
    expect(response.headers["x-wix-request-id"]).toEqual(expect.any(String));
    expect(response.json()).toEqual({
      message: "Route GET /wix-data/v2/nothing not found",
      details: {
        applicationError: {
          code: "ROUTE_NOT_FOUND",
          description: "Route GET /wix-data/v2/nothing not found",
          data: {},
        },
      },
    });
  });

  test("an unexpected failure answers a generic 500 without internals", async () => {
    const fresh = createTestApp();
    try {
      fresh.app.get("/boom", async () => {
        throw new Error("secret database path /var/x");
      });
      const response = await fresh.app.inject({ method: "GET", url: "/boom" });
      expect(response.statusCode).toBe(500);
      expect(response.headers["x-wix-request-id"]).toEqual(expect.any(String));
      expect(response.body).not.toContain("secret");
      expect(response.json()).toMatchObject({
        message: `System error occurred, request-id: ${response.headers["x-wix-request-id"]}`,
        details: { applicationError: { code: "INTERNAL_ERROR" } },
      });
    } finally {
      await fresh.app.close();
    }
  });
});

describe("request ids", () => {
  test("every response has a distinct X-Wix-Request-Id", async () => {
    const first = await postQuery({ dataCollectionId: "HomePage" });
    const second = await postQuery({ dataCollectionId: "HomePage" });
    expect(first.headers["x-wix-request-id"]).toEqual(expect.any(String));
    expect(first.headers["x-wix-request-id"]).not.toBe(second.headers["x-wix-request-id"]);
  });

  test("a client-sent request id is not echoed", async () => {
    const response = await k.app.inject({
      method: "POST",
      url: "/wix-data/v2/items/query",
      headers: {
        authorization: k.token,
        "x-wix-request-id": "client-chosen",
        "request-id": "client-chosen",
      },
      payload: { dataCollectionId: "HomePage" },
    });
    expect(response.headers["x-wix-request-id"]).not.toBe("client-chosen");
  });

  test("401 responses carry one too", async () => {
    const response = await k.app.inject({
      method: "POST",
      url: "/wix-data/v2/items/query",
      payload: {},
    });
    expect(response.statusCode).toBe(401);
    expect(response.headers["x-wix-request-id"]).toEqual(expect.any(String));
  });
});

describe("CORS", () => {
  test("answers a preflight for the SDK's headers", async () => {
    const response = await k.app.inject({
      method: "OPTIONS",
      url: "/wix-data/v2/items/query",
      headers: {
        origin: "https://site.example",
        "access-control-request-method": "POST",
        "access-control-request-headers": "authorization, content-type, x-wix-bi-gateway",
      },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers["access-control-allow-origin"]).toBe("*");
    expect(response.headers["access-control-allow-headers"]).toContain("authorization");
    expect(response.headers["access-control-allow-headers"]).toContain("x-wix-bi-gateway");
    expect(response.headers["access-control-allow-headers"]).toContain("wix-site-id");
    expect(response.headers["access-control-allow-methods"]).toContain("POST");
  });

  test("exposes the request id to cross-origin callers, on errors too", async () => {
    const response = await k.app.inject({
      method: "POST",
      url: "/wix-data/v2/items/query",
      headers: { origin: "https://site.example" },
      payload: {},
    });
    expect(response.statusCode).toBe(401);
    expect(response.headers["access-control-allow-origin"]).toBe("*");
    expect(response.headers["access-control-expose-headers"]).toBe("x-wix-request-id");
  });
});
