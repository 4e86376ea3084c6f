/**
 * Slow connections from one host: the store keeps at most CONNECTIONS_PER_CLIENT of
 * them open per client address; the rest are closed at once instead of holding a file descriptor.
 */
import { connect, type Socket } from "node:net";
import { afterEach, describe, expect, test } from "vitest";
import { createTestApp, type TestApp } from "../../main/test-kit/test-app.ts";
import { readConnectionsPerClient } from "../http/connections-per-client.ts";

let t: TestApp | undefined;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await t?.app.close();
});

/** A client that sends half a request line and then nothing (a slowloris). */
function slowClient(port: number): Promise<{ closed: () => boolean }> {
  return new Promise((resolve, reject) => {
    let closed = false;
    const socket = connect(port, "127.0.0.1", () => {
      socket.write("GET / HTTP/1.1\r\nHost: store.test\r\n");
      resolve({ closed: () => closed });
    });
    socket.on("close", () => {
      closed = true;
    });
    socket.on("error", () => {
      closed = true;
    });
    socket.once("error", reject);
    sockets.push(socket);
  });
}

describe("connections per client address", () => {
  test("slowloris: 40 slow connections from one host keep at most the cap open; the rest are closed at once", async () => {
    t = createTestApp({ connectionsPerClient: 5 });
    await t.app.listen({ host: "127.0.0.1", port: 0 });
    const { port } = t.app.server.address() as { port: number };
    const clients = await Promise.all(Array.from({ length: 40 }, () => slowClient(port)));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const open = clients.filter((client) => !client.closed());
    expect(open.length).toBe(5);
    // Once the slow ones are gone, the host is served again.
    for (const socket of sockets.splice(0)) socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const response = await fetch(`http://127.0.0.1:${port}/oauth2/token`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ clientId: "test-client", grantType: "anonymous" }),
    });
    expect(response.status).toBe(200);
  });

  test("CONNECTIONS_PER_CLIENT: 256 by default, off behind a trusted proxy, 0 turns it off", () => {
    expect(readConnectionsPerClient(undefined, false)).toBe(256);
    expect(readConnectionsPerClient(undefined, true)).toBe(0);
    expect(readConnectionsPerClient("0", false)).toBe(0);
    expect(readConnectionsPerClient("12", true)).toBe(12);
    expect(() => readConnectionsPerClient("many", false)).toThrow(/CONNECTIONS_PER_CLIENT/);
  });
});
