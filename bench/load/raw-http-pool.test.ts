import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { answerLength, createRawHttpPool, requestBytes } from "./raw-http-pool.ts";

let server: Server | undefined;
afterEach(async () => {
  const open = server;
  server = undefined;
  if (open === undefined) return;
  open.closeAllConnections();
  await new Promise((resolve) => open.close(resolve));
});

async function serve(handler: Parameters<typeof createServer>[1]): Promise<URL> {
  server = createServer(handler);
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  return new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
}

const bodyOf = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = "";
    request.on("data", (chunk: Buffer) => {
      text += chunk.toString();
    });
    request.on("end", () => resolve(text));
  });

describe("answerLength", () => {
  const bytes = (text: string) => Buffer.from(text, "latin1");

  it("waits for the whole head, then for Content-Length bytes of body", () => {
    expect(answerLength(bytes("HTTP/1.1 200 OK\r\nContent-Length: 3\r\n"))).toBeNull();
    expect(answerLength(bytes("HTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\nab"))).toBeNull();
    const whole = "HTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\nabc";
    expect(answerLength(bytes(`${whole}HTTP/1.1`))).toEqual({ length: whole.length, status: 200 });
  });

  it("reads a chunked body to its last chunk", () => {
    const head = "HTTP/1.1 202 Accepted\r\ntransfer-encoding: chunked\r\n\r\n";
    expect(answerLength(bytes(`${head}2\r\nok\r\n`))).toBeNull();
    const whole = `${head}2\r\nok\r\n0\r\n\r\n`;
    expect(answerLength(bytes(whole))).toEqual({ length: whole.length, status: 202 });
  });

  it("takes a 204 without a length as headers alone", () => {
    const whole = "HTTP/1.1 204 No Content\r\nDate: x\r\n\r\n";
    expect(answerLength(bytes(whole))).toEqual({ length: whole.length, status: 204 });
  });
});

describe("createRawHttpPool", () => {
  it("sends each request whole and hears each answer, over at most the connections allowed", async () => {
    const sockets = new Set<unknown>();
    const seen: string[] = [];
    const url = await serve(async (request, response) => {
      sockets.add(request.socket);
      seen.push(
        `${request.method} ${request.url} ${request.headers.host} ${await bodyOf(request)}`,
      );
      response.statusCode = request.url === "/missing" ? 404 : 204;
      response.end();
    });
    const pool = createRawHttpPool(url, 2);
    const post = requestBytes(url, { method: "POST", path: "/e", body: '{"k":"v"}' });
    const missing = requestBytes(url, { method: "GET", path: "/missing" });
    const statuses = await Promise.all(
      [post, post, missing, post, post].map(
        (bytes) => new Promise<number>((resolve) => pool.send(bytes, resolve)),
      ),
    );
    pool.close();
    expect(statuses).toEqual([204, 204, 404, 204, 204]);
    expect(seen).toContain(`POST /e ${url.host} {"k":"v"}`);
    expect(seen).toHaveLength(5);
    expect(sockets.size).toBe(2);
  });

  it("answers 0 for a request whose connection the server drops, and goes on with a new one", async () => {
    let first = true;
    const url = await serve((request, response) => {
      if (first) {
        first = false;
        request.socket.destroy();
        return;
      }
      response.end("fine");
    });
    const pool = createRawHttpPool(url, 1);
    const get = requestBytes(url, { method: "GET", path: "/" });
    const send = () => new Promise<number>((resolve) => pool.send(get, resolve));
    expect(await send()).toBe(0);
    expect(await send()).toBe(200);
    pool.close();
  });
});
