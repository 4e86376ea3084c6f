/**
 * @module Open connections per client address (IPv6 by /64), so many slow connections from one
 * host cannot use up the process's file descriptors before the header timeout sweeps them. A
 * connection over the cap is closed at once, before any byte is read. Behind a reverse proxy every
 * connection comes from the proxy: the cap is then off by default and the proxy's own per-client
 * limit applies (docs/security.md).
 */
import type { Server, Socket } from "node:net";
import { clientKey } from "../limits/client-key.ts";

export const DEFAULT_CONNECTIONS_PER_CLIENT = 256;

/** Caps `server`'s open connections per client address at `max` (0: no cap). */
export function capConnectionsPerClient(server: Server, max: number): void {
  if (max <= 0) return;
  const open = new Map<string, number>();
  server.on("connection", (socket: Socket) => {
    const key = clientKey(socket.remoteAddress ?? "");
    const count = open.get(key) ?? 0;
    if (count >= max) {
      socket.destroy();
      return;
    }
    open.set(key, count + 1);
    socket.once("close", () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left <= 0) open.delete(key);
      else open.set(key, left);
    });
  });
}

/**
 * CONNECTIONS_PER_CLIENT: a whole number, 0 for no cap; unset, 256, or 0 behind a trusted proxy.
 * @throws Error with a one-line message when the value is invalid.
 */
export function readConnectionsPerClient(value: string | undefined, behindProxy: boolean): number {
  const text = value?.trim() ?? "";
  if (text === "") return behindProxy ? 0 : DEFAULT_CONNECTIONS_PER_CLIENT;
  if (!/^\d+$/.test(text)) {
    throw new Error(`CONNECTIONS_PER_CLIENT must be a whole number (0 for no cap), got "${value}"`);
  }
  return Number(text);
}
