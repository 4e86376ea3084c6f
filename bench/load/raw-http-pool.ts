// Keep-alive HTTP/1.1 connections for the steady load (steady-child.ts), on bare sockets: each
// request is written as bytes made once, and an answer is read only as far as its status and
// length: 26-30 µs of the sender's CPU a request against 50-58 through Node's http client
// (docs/analytics.md, "Figures"). On two cores that time is taken from the server being
// measured, and the sender's own pauses count as its latency. Answers with a Content-Length or
// chunked, one at a time on each connection (no pipelining).
import { connect, type Socket } from "node:net";
import type { LoadRequest } from "./load-spec.ts";

/** An answer's status, or 0 when the connection failed before it. */
export type Answered = (status: number) => void;

type Connection = { socket: Socket; waiting: Buffer; done: Answered | null };

const HEADER_END = Buffer.from("\r\n\r\n");
const LAST_CHUNK = Buffer.from("0\r\n\r\n");

/** The whole request as bytes: its headers, the Host and the body's length. */
export function requestBytes(target: URL, request: LoadRequest): Buffer {
  const body = Buffer.from(request.body ?? "");
  const headers = { ...request.headers, host: target.host, "content-length": `${body.length}` };
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  const head = `${request.method} ${request.path} HTTP/1.1\r\n${lines.join("")}\r\n`;
  return Buffer.concat([Buffer.from(head, "latin1"), body]);
}

/** How many bytes the answer at the start of `data` takes, or null while it is incomplete. */
export function answerLength(data: Buffer): { length: number; status: number } | null {
  const headEnd = data.indexOf(HEADER_END);
  if (headEnd < 0) return null;
  const head = data.toString("latin1", 0, headEnd);
  const status = Number(head.slice(9, 12));
  const length = /\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1];
  const bodyStart = headEnd + HEADER_END.length;
  if (length !== undefined) {
    const end = bodyStart + Number(length);
    return data.length >= end ? { length: end, status } : null;
  }
  if (/\r\ntransfer-encoding:\s*chunked/i.test(head)) {
    const last = data.indexOf(LAST_CHUNK, bodyStart);
    return last < 0 ? null : { length: last + LAST_CHUNK.length, status };
  }
  // No length and no chunks: a 204 or 304 has no body.
  return { length: bodyStart, status };
}

/**
 * At most `most` connections to `target`; a request sent while all are busy waits for the first
 * to answer, in order.
 */
export function createRawHttpPool(target: URL, most: number) {
  const idle: Connection[] = [];
  const queue: { bytes: Buffer; done: Answered }[] = [];
  let open = 0;

  function openConnection(): Connection {
    open += 1;
    const socket = connect({ host: target.hostname, port: Number(target.port), noDelay: true });
    const connection: Connection = { socket, waiting: Buffer.alloc(0), done: null };
    socket.on("data", (chunk: Buffer) => {
      connection.waiting =
        connection.waiting.length === 0 ? chunk : Buffer.concat([connection.waiting, chunk]);
      const answer = answerLength(connection.waiting);
      if (answer === null) return;
      connection.waiting = connection.waiting.subarray(answer.length);
      const done = connection.done;
      connection.done = null;
      done?.(answer.status);
      release(connection);
    });
    let closed = false;
    const lost = () => {
      if (closed) return;
      closed = true;
      open -= 1;
      const at = idle.indexOf(connection);
      if (at >= 0) idle.splice(at, 1);
      const done = connection.done;
      connection.done = null;
      socket.destroy();
      done?.(0);
    };
    socket.on("error", lost);
    socket.on("close", lost);
    return connection;
  }

  function release(connection: Connection): void {
    const next = queue.shift();
    if (next === undefined) idle.push(connection);
    else write(connection, next.bytes, next.done);
  }

  function write(connection: Connection, bytes: Buffer, done: Answered): void {
    connection.done = done;
    connection.socket.write(bytes);
  }

  return {
    send(bytes: Buffer, done: Answered): void {
      const connection = idle.pop() ?? (open < most ? openConnection() : null);
      if (connection === null) queue.push({ bytes, done });
      else write(connection, bytes, done);
    },
    close(): void {
      for (const connection of idle) connection.socket.destroy();
    },
  };
}
