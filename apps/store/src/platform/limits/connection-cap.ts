/**
 * @module Open connections per client address (IPv6 by /64), so many slow connections from one
 * host cannot use up the process's file descriptors before the header timeout sweeps them. A
 * connection over the cap is closed at once, before any byte is read. Behind a reverse proxy every
 * connection comes from the proxy: the cap is then off by default and the proxy's own per-client
 * limit applies (docs/security.md).
 */
import type { Server, Socket } from "node:net";
import { clientKey } from "./client-key.ts";

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
