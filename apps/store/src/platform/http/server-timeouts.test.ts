/** Slow clients over a real socket: cut off by the server's timeouts while others are served. */
import { connect } from "node:net";
import { afterEach, describe, expect, test } from "vitest";
import { createTestApp, TEST_CLIENT_ID, type TestApp } from "../../main/test-kit/test-app.ts";
import { DEFAULT_SERVER_TIMEOUTS, readServerTimeouts } from "./server-timeouts.ts";

let t: TestApp;
afterEach(() => t.app.close());

const TOKEN_BODY = JSON.stringify({ clientId: TEST_CLIENT_ID, grantType: "anonymous" });

/** Opens a socket, writes `head`, then one more byte every 50 ms until the server closes it. */
function slowClient(port: number, head: string, drip: string) {
  const socket = connect({ port, host: "127.0.0.1" });
  const received: Buffer[] = [];
  socket.on("data", (chunk: Buffer) => received.push(chunk));
  socket.write(head);
  const dripping = setInterval(() => {
    if (!socket.destroyed && socket.writable) socket.write(drip);
  }, 50);
  const closed = new Promise<string>((resolve) => {
    socket.on("close", () => {
      clearInterval(dripping);
      resolve(Buffer.concat(received).toString("latin1"));
    });
    socket.on("error", () => {});
  });
  return { closed };
}

async function listen(): Promise<number> {
  const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
  return Number(new URL(address).port);
}

describe("a client sending its request too slowly", () => {
  test("is cut off with 408 while another client is served meanwhile", async () => {
    t = createTestApp({ timeouts: { requestMs: 1500, headersMs: 1000 } });
    const port = await listen();
    const events: string[] = [];
    const slow = slowClient(
      port,
      `POST /oauth2/token HTTP/1.1\r\nHost: store\r\nContent-Type: application/json\r\nContent-Length: ${TOKEN_BODY.length + 1000}\r\n\r\n${TOKEN_BODY}`,
      " ",
    );
    const cut = slow.closed.then((answer) => {
      events.push("slow client cut off");
      return answer;
    });
    const served = await fetch(`http://127.0.0.1:${port}/oauth2/token`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: TOKEN_BODY,
    });
    events.push(`other client served ${served.status}`);
    expect(await cut).toMatch(/^HTTP\/1\.1 408 /);
    expect(events).toEqual(["other client served 200", "slow client cut off"]);
  });

  test("dripping headers one byte at a time is cut off too", async () => {
    t = createTestApp({ timeouts: { requestMs: 1500, headersMs: 1000 } });
    const port = await listen();
    const answer = await slowClient(port, "GET / HTTP/1.1\r\nHost: store\r\nX-Slow: ", "a").closed;
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });
});

describe("timeouts from the environment", () => {
  test("default to 30 s per request, 10 s for headers, 72 s keep-alive, 120 s idle", () => {
    expect(readServerTimeouts({})).toEqual(DEFAULT_SERVER_TIMEOUTS);
    expect(DEFAULT_SERVER_TIMEOUTS).toEqual({
      requestMs: 30_000,
      headersMs: 10_000,
      keepAliveMs: 72_000,
      idleMs: 120_000,
    });
  });

  test("are read in whole seconds", () => {
    expect(
      readServerTimeouts({
        REQUEST_TIMEOUT_SECONDS: "60",
        HEADERS_TIMEOUT_SECONDS: "5",
        KEEP_ALIVE_TIMEOUT_SECONDS: "4",
        SOCKET_TIMEOUT_SECONDS: "90",
      }),
    ).toEqual({ requestMs: 60_000, headersMs: 5_000, keepAliveMs: 4_000, idleMs: 90_000 });
  });

  test("refuse a value that is not a positive whole number, naming the variable", () => {
    expect(() => readServerTimeouts({ REQUEST_TIMEOUT_SECONDS: "0" })).toThrow(
      /REQUEST_TIMEOUT_SECONDS/,
    );
    expect(() => readServerTimeouts({ SOCKET_TIMEOUT_SECONDS: "1.5" })).toThrow(
      /SOCKET_TIMEOUT_SECONDS/,
    );
  });
});
