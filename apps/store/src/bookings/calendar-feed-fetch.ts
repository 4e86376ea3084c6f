/**
 * @module The store fetching the owner's ICS feed, a URL the owner typed (docs/security.md,
 * "Requests the store makes"): http or https (webcal is https), a deadline for the whole read, a
 * size cap counted as the bytes arrive, and redirects followed by hand, a few at most. The
 * owner's own host is fetched wherever it points (a calendar on the owner's network is theirs to
 * name); any other host a redirect names must resolve to public addresses only, checked at
 * connection time (the lookup every socket makes), so a DNS answer that changes between a check
 * and the connection cannot reach the loopback, the private ranges or the cloud's metadata.
 */
import { type LookupAddress, type LookupOptions, lookup } from "node:dns";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { BlockList, isIP } from "node:net";

export type FeedFetchOptions = {
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
};

export class FeedFetchError extends Error {}

const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b::", 96],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, "ipv6");
}

/** Whether `address` (an IP) is one the internet at large could not serve from. */
export function isNonPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isNonPublicAddress(mapped[1] as string);
  const family = isIP(address);
  if (family === 0) return true;
  return NOT_PUBLIC.check(address, family === 4 ? "ipv4" : "ipv6");
}

/** The feed's address as the store fetches it; `webcal:` is read as `https:`. */
export function feedUrlOf(text: string): URL | null {
  let url: URL;
  try {
    url = new URL(text.trim().replace(/^webcals?:\/\//i, "https://"));
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (url.username !== "" || url.password !== "" || url.hostname === "") return null;
  return url;
}

const bareHost = (url: URL) => url.hostname.replace(/^\[|\]$/g, "").toLowerCase();

type Lookup = (
  hostname: string,
  options: LookupOptions,
  callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void,
) => void;

/** A socket lookup that refuses every address but public ones. */
const publicOnlyLookup: Lookup = (hostname, options, callback) => {
  lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const refused = addresses.find((entry) => isNonPublicAddress(entry.address));
    if (refused !== undefined || addresses.length === 0) {
      return callback(new FeedFetchError(`${hostname} is not a public address`), []);
    }
    if (options.all) return callback(null, addresses);
    const first = addresses[0] as LookupAddress;
    return callback(null, first.address, first.family);
  });
};

function get(url: URL, trusted: boolean, deadline: AbortSignal): Promise<IncomingMessage> {
  const host = bareHost(url);
  if (!trusted && isIP(host) !== 0 && isNonPublicAddress(host)) {
    return Promise.reject(new FeedFetchError(`${host} is not a public address`));
  }
  const send = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = send(url, {
      method: "GET",
      headers: { accept: "text/calendar, */*;q=0.5", "user-agent": "consultant-site-store" },
      signal: deadline,
      // A fresh socket per read: a pooled one would skip the lookup that checks the address.
      agent: false,
      ...(trusted ? {} : { lookup: publicOnlyLookup }),
    });
    request.on("response", resolve);
    request.on("error", reject);
    request.end();
  });
}

async function bodyOf(response: IncomingMessage, maxBytes: number): Promise<string> {
  const declared = Number(response.headers["content-length"] ?? 0);
  if (declared > maxBytes) {
    response.destroy();
    throw new FeedFetchError(`the feed is larger than ${maxBytes} bytes`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      response.destroy();
      throw new FeedFetchError(`the feed is larger than ${maxBytes} bytes`);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * The feed's text.
 * @throws FeedFetchError (or the network's error) naming what went wrong, in words for the owner.
 */
export async function fetchFeed(address: string, options: FeedFetchOptions): Promise<string> {
  const first = feedUrlOf(address);
  if (first === null) throw new FeedFetchError("the address is not an http or https URL");
  const ownerHost = `${bareHost(first)}:${first.port}`;
  const deadline = AbortSignal.timeout(options.timeoutMs);
  let url = first;
  try {
    for (let hop = 0; hop <= options.maxRedirects; hop++) {
      const trusted = `${bareHost(url)}:${url.port}` === ownerHost;
      const response = await get(url, trusted, deadline);
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (status >= 300 && status < 400 && typeof location === "string") {
        response.resume();
        const next = feedUrlOf(new URL(location, url).href);
        if (next === null) throw new FeedFetchError("the feed redirects to a non-http address");
        url = next;
        continue;
      }
      if (status !== 200) {
        response.resume();
        throw new FeedFetchError(`the feed answered HTTP ${status}`);
      }
      return await bodyOf(response, options.maxBytes);
    }
  } catch (error) {
    if (deadline.aborted) {
      throw new FeedFetchError(`the feed did not answer within ${options.timeoutMs / 1000} s`);
    }
    throw error;
  }
  throw new FeedFetchError(`the feed redirects more than ${options.maxRedirects} times`);
}
