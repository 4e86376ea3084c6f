/**
 * The cap counts open connections, not connections ever made: a client that closes its
 * connections may open new ones, and a cap of 0 caps nothing.
 */
import { EventEmitter } from "node:events";
import { createServer, type Server, Socket } from "node:net";
import { afterEach, expect, test } from "vitest";
import { capConnectionsPerClient } from "./connection-cap.ts";

let server: Server | undefined;
/** Tells when the server has let go of a connection (after the cap has counted it out). */
const serverSide = new EventEmitter();
const clients: Socket[] = [];
afterEach(async () => {
  for (const socket of clients.splice(0)) socket.destroy();
  await new Promise((done) => (server ? server.close(done) : done(undefined)));
  server = undefined;
});

async function cappedServer(max: number): Promise<number> {
  // A connection the cap lets through is greeted; one it refuses is closed unread.
  server = createServer((socket) => {
    socket.on("error", () => {});
    const port = socket.remotePort;
    socket.once("close", () => setImmediate(() => serverSide.emit("closed", port)));
    setImmediate(() => {
      if (!socket.destroyed) socket.write("welcome");
    });
  });
  capConnectionsPerClient(server, max);
  await new Promise<void>((listening) => server?.listen(0, "127.0.0.1", listening));
  return (server.address() as { port: number }).port;
}

/** Opens a connection and tells whether the server kept it (greeted) or closed it at once. */
async function connectAndSee(
  port: number,
  from = "127.0.0.1",
): Promise<{ socket: Socket; kept: boolean }> {
  const socket = new Socket();
  clients.push(socket);
  const kept = await new Promise<boolean>((told) => {
    socket.once("data", () => told(true));
    socket.once("close", () => told(false));
    socket.on("error", () => {});
    socket.connect({ port, host: "127.0.0.1", localAddress: from });
  });
  return { socket, kept };
}

async function closeAndWait(socket: Socket): Promise<void> {
  if (socket.destroyed) return;
  const port = socket.localPort;
  const released = new Promise<void>((done) => {
    const heard = (closedPort: number | undefined) => {
      if (closedPort !== port) return;
      serverSide.off("closed", heard);
      done();
    };
    serverSide.on("closed", heard);
  });
  socket.destroy();
  await released;
}

test("a client that closes its connections may open as many again", async () => {
  const port = await cappedServer(2);
  const first = await connectAndSee(port);
  const second = await connectAndSee(port);
  expect([first.kept, second.kept]).toEqual([true, true]);
  expect((await connectAndSee(port)).kept).toBe(false);

  await closeAndWait(first.socket);
  expect((await connectAndSee(port)).kept).toBe(true);
  expect((await connectAndSee(port)).kept).toBe(false);

  await closeAndWait(second.socket);
  for (const socket of clients.splice(0)) await closeAndWait(socket);
  const again = [await connectAndSee(port), await connectAndSee(port)];
  expect(again.map((attempt) => attempt.kept)).toEqual([true, true]);
});

test("a cap of 1 admits one connection at a time", async () => {
  const port = await cappedServer(1);
  const only = await connectAndSee(port);
  expect(only.kept).toBe(true);
  expect((await connectAndSee(port)).kept).toBe(false);
  await closeAndWait(only.socket);
  expect((await connectAndSee(port)).kept).toBe(true);
});

test("a cap of 0 caps nothing", async () => {
  const port = await cappedServer(0);
  const attempts = [];
  for (let i = 0; i < 8; i++) attempts.push(await connectAndSee(port));
  expect(attempts.every((attempt) => attempt.kept)).toBe(true);
});

test("each client address has a cap of its own", async () => {
  const port = await cappedServer(1);
  expect((await connectAndSee(port, "127.0.0.1")).kept).toBe(true);
  expect((await connectAndSee(port, "127.0.0.2")).kept).toBe(true);
  expect((await connectAndSee(port, "127.0.0.1")).kept).toBe(false);
});
