import { describe, expect, it } from "vitest";
import {
  HttpError,
  isContentStoreError,
  NetworkError,
  ResponseShapeError,
  TimeoutError,
} from "./errors.ts";
import { createTransport } from "./request.ts";
import { createFakeFetch, jsonResponse } from "./test-helpers/fake-fetch.ts";

function transport(responder: Parameters<typeof createFakeFetch>[0], timeoutMs = 1000) {
  const fake = createFakeFetch(responder);
  const send = createTransport({ baseUrl: "https://api.test/", fetch: fake.fetch, timeoutMs });
  return { send, requests: fake.requests };
}

const queryCall = { method: "POST", path: "/wix-data/v2/items/query", body: "{}" } as const;

describe("sending", () => {
  it("joins base URL and path and sets JSON and caller headers", async () => {
    const { send, requests } = transport(() => jsonResponse({ ok: true }));

    await send({ ...queryCall, headers: { Authorization: "tok" } });

    expect(requests[0]).toMatchObject({
      method: "POST",
      url: "https://api.test/wix-data/v2/items/query",
      headers: { "content-type": "application/json", authorization: "tok" },
      body: {},
    });
  });

  it("sends no Content-Type without a body", async () => {
    const { send, requests } = transport(() => jsonResponse({}));

    await send({ method: "GET", path: "/x" });

    expect(requests[0]?.headers["content-type"]).toBeUndefined();
  });

  it("uses relative URLs when the base URL is empty", async () => {
    const fake = createFakeFetch(() => jsonResponse({}));
    const send = createTransport({ baseUrl: "", fetch: fake.fetch, timeoutMs: 1000 });

    await send(queryCall);

    expect(fake.requests[0]?.url).toBe("/wix-data/v2/items/query");
  });

  it("resolves with the parsed 200 body and the request", async () => {
    const { send } = transport(() => jsonResponse({ a: 1 }));

    await expect(send(queryCall)).resolves.toEqual({
      body: { a: 1 },
      request: { method: "POST", url: "https://api.test/wix-data/v2/items/query" },
    });
  });
});

describe("failures", () => {
  it("throws HttpError with the X-Wix-Request-Id header and the body parsed", async () => {
    const { send } = transport(() =>
      jsonResponse(
        {
          message: "Item missing",
          details: { applicationError: { code: "WDE0073", description: "Item missing" } },
        },
        { status: 404, statusText: "Not Found", headers: { "X-Wix-Request-Id": "req-42" } },
      ),
    );

    const error = await send(queryCall).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      status: 404,
      code: "WDE0073",
      message: "Item missing",
      requestId: "req-42",
      request: { method: "POST", url: "https://api.test/wix-data/v2/items/query" },
    });
  });

  it("throws HttpError for a 201 even with a JSON body", async () => {
    const { send } = transport(() =>
      jsonResponse({ created: true }, { status: 201, statusText: "Created" }),
    );

    await expect(send(queryCall)).rejects.toMatchObject({ name: "HttpError", status: 201 });
  });

  it("keeps data null when the error body is not JSON", async () => {
    const { send } = transport(
      () => new Response("<html>oops</html>", { status: 502, statusText: "Bad Gateway" }),
    );

    await expect(send(queryCall)).rejects.toMatchObject({
      data: null,
      message: "System error occurred",
    });
  });

  it("throws NetworkError naming the request and keeping the cause", async () => {
    const cause = new TypeError("fetch failed");
    const { send } = transport(() => {
      throw cause;
    });

    const error = await send(queryCall).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({
      code: "NETWORK",
      cause,
      message: "Network error on POST https://api.test/wix-data/v2/items/query: fetch failed",
    });
  });

  it("throws TimeoutError and aborts the fetch when no answer comes in time", async () => {
    const { send, requests } = transport(() => new Promise<Response>(() => {}), 10);

    const error = await send(queryCall).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({
      code: "TIMEOUT",
      message: "Request timed out after 10 ms: POST https://api.test/wix-data/v2/items/query",
    });
    expect((error as TimeoutError).cause).toBeInstanceOf(DOMException);
    expect(requests[0]?.signal?.aborted).toBe(true);
  });

  it("throws TimeoutError when the body stalls after the headers arrived", async () => {
    const stalled = new ReadableStream({ start() {} });
    const { send } = transport(() => new Response(stalled, { status: 200 }), 10);

    await expect(send(queryCall)).rejects.toBeInstanceOf(TimeoutError);
  });

  it("throws ResponseShapeError, outside the ContentStoreError family, for a 200 that is not JSON", async () => {
    const { send } = transport(() => new Response("", { status: 200 }));

    const error = await send(queryCall).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ResponseShapeError);
    expect(isContentStoreError(error)).toBe(false);
    expect((error as Error).message).toBe(
      "Unexpected response from POST https://api.test/wix-data/v2/items/query: expected a JSON body",
    );
  });
});
