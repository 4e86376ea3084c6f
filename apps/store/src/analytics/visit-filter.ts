/**
 * @module Which requests are a person's visit (docs/analytics.md, "Counting": Not counted): not a
 * bot or a headless browser (isbot's kept list, which names HeadlessChrome, Lighthouse,
 * Playwright...; and no user agent at all), not a prefetch or prerender (`Sec-Purpose`,
 * `Purpose`, `X-Purpose`, `X-Moz`), not the owner's or a collaborator's own signed-in visit.
 * The browser and device are read from the user agent by bowser, kept per agent string.
 */
import type { IncomingHttpHeaders } from "node:http";
import type BowserModule from "bowser";
import type * as Isbot from "isbot";
import { createLruCache } from "../platform/http/lru-cache.ts";
import { requireOnFirstUse } from "../platform/load-on-first-use.ts";

/** Loaded with the first visit counted, not at start (docs/benchmarks.md, idle memory). */
const bowser = requireOnFirstUse<typeof BowserModule>("bowser");
const bots = requireOnFirstUse<typeof Isbot>("isbot");

/** The longest user agent read; longer ones are not a browser's. */
export const MAX_USER_AGENT_LENGTH = 512;

const PREFETCH = /prefetch|prerender|preview/i;

/** True when a header marks the request as fetched ahead, not opened by the visitor. */
export function isPrefetch(headers: IncomingHttpHeaders): boolean {
  for (const name of ["sec-purpose", "purpose", "x-purpose", "x-moz"]) {
    const value = headers[name];
    if (typeof value === "string" && PREFETCH.test(value)) return true;
  }
  return false;
}

/** isbot's verdict per user agent: its one long pattern is a tenth of a beacon's cost. */
const botVerdicts = createLruCache<string, boolean>(2_000);

export function isBotAgent(userAgent: string): boolean {
  if (userAgent === "" || userAgent.length > MAX_USER_AGENT_LENGTH) return true;
  let bot = botVerdicts.get(userAgent);
  if (bot === undefined) {
    bot = bots().isbot(userAgent);
    botVerdicts.set(userAgent, bot);
  }
  return bot;
}

export type SkipReason = "bot" | "prefetch" | "staff";

/**
 * What counting reads of a request: Fastify's, or the beacon fast path's (beacon-fast-path.ts),
 * which has no `owner` as it takes no request with a cookie.
 */
export type VisitRequest = { ip: string; headers: IncomingHttpHeaders; owner?: unknown };

/** Why a request is not counted, or null when it is a visitor's. */
export function skipReason(request: VisitRequest): SkipReason | null {
  if (request.owner !== null && request.owner !== undefined) return "staff";
  if (isPrefetch(request.headers)) return "prefetch";
  if (isBotAgent(request.headers["user-agent"] ?? "")) return "bot";
  return null;
}

export type AgentFacts = { device: string; browser: string };

const facts = createLruCache<string, AgentFacts>(2_000);

/** The device kind (`desktop`, `mobile`, `tablet`, `tv`) and browser name a user agent tells. */
export function agentFacts(userAgent: string): AgentFacts {
  const known = facts.get(userAgent);
  if (known !== undefined) return known;
  const parsed = bowser().parse(userAgent);
  const found = {
    device: parsed.platform.type ?? "(unknown)",
    browser: parsed.browser.name ?? "(unknown)",
  };
  facts.set(userAgent, found);
  return found;
}
