import type { Server } from "node:http";

/** Listens on a free loopback port and announces it on stdout for the parent (`LISTENING <port>`). */
export function listenAndAnnounce(server: Server): void {
  server.keepAliveTimeout = 65_000;
  server.listen(0, "127.0.0.1", () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : 0;
    process.stdout.write(`LISTENING ${port}\n`);
  });
  process.on("SIGTERM", () => server.close(() => process.exit(0)));
}
