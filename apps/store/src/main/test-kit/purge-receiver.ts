/** A local stand-in for a CDN's purge endpoint: it keeps every notice it receives. */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export type PurgeReceiver = {
  url: string;
  notices: { contentVersion: number; paths: string[] }[];
  close(): void;
};

export async function startPurgeReceiver(): Promise<PurgeReceiver> {
  const notices: PurgeReceiver["notices"] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      notices.push(JSON.parse(Buffer.concat(chunks).toString()));
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/purge`, notices, close: () => server.close() };
}

/** Waits until `check` holds or `ms` pass. */
export async function until(check: () => boolean, ms = 2000): Promise<void> {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 10));
}
