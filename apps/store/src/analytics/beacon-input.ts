/**
 * @module The page's beacon as the store reads it (docs/analytics.md, "The beacon"): a JSON
 * object of at most 1 KB, every field checked before anything is counted, so a malformed or
 * forged one is refused whole. `k`: `v` a view, `l` the view's end; `p` the page's path and
 * query (UTM parameters are read from it); `r` the referrer; `z` the browser's IANA zone; `g`
 * its language; `s` the ids of the sections that came into view; `d` the deepest scroll (0–100);
 * `t` the seconds the page was visible.
 */
import type * as Luxon from "luxon";
import { validationError, violation } from "../platform/errors.ts";
import { createLruCache } from "../platform/http/lru-cache.ts";
import { requireOnFirstUse } from "../platform/load-on-first-use.ts";

/** Loaded with the first beacon, not at start (docs/benchmarks.md, idle memory). */
const luxon = requireOnFirstUse<typeof Luxon>("luxon");

export const MAX_BEACON_BYTES = 1024;
const MAX_PATH = 512;
const MAX_REFERRER = 512;
const MAX_UTM = 100;
const MAX_SECTIONS = 24;
const SECTION_ID = /^[A-Za-z][\w-]{0,39}$/;
const LANGUAGE = /^([A-Za-z]{2,3})(?:-[A-Za-z0-9]{1,8}){0,3}$/;
/** A visible page longer than this is a tab left open, not reading. */
export const MAX_VIEW_SECONDS = 30 * 60;

export type Referrer = { kind: "none" } | { kind: "host"; host: string };

export type Beacon = {
  kind: "view" | "leave";
  path: string;
  utmSource: string;
  utmMedium: string;
  utmCampaign: string;
  /** The referring URL as sent ("" for none), read against the site's host by the counter. */
  referrer: string;
  timeZone: string;
  language: string;
  sections: string[];
  scroll: number | null;
  seconds: number | null;
};

const refuse = (field: string, description: string) =>
  validationError([violation(field, description)], "beacon refused");

function optionalString(body: Record<string, unknown>, field: string, max: number): string {
  const value = body[field];
  if (value === undefined || value === null) return "";
  if (typeof value !== "string" || value.length > max) {
    throw refuse(field, `must be a string of at most ${max} characters`);
  }
  return value;
}

function optionalWhole(body: Record<string, unknown>, field: string, max: number): number | null {
  const value = body[field];
  if (value === undefined || value === null) return null;
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0 || value > max) {
    throw refuse(field, `must be a whole number from 0 to ${max}`);
  }
  return value;
}

/** The path without its query, and the UTM parameters in it. */
export function readPagePath(
  raw: string,
): Pick<Beacon, "path" | "utmSource" | "utmMedium" | "utmCampaign"> {
  if (!raw.startsWith("/") || raw.startsWith("//"))
    throw refuse("p", "must be a path on this site");
  let url: URL;
  try {
    url = new URL(raw, "http://site.invalid");
  } catch {
    throw refuse("p", "must be a path on this site");
  }
  const utm = (name: string) => (url.searchParams.get(name) ?? "").trim().slice(0, MAX_UTM);
  return {
    path: url.pathname.slice(0, 200),
    utmSource: utm("utm_source").toLowerCase(),
    utmMedium: utm("utm_medium").toLowerCase(),
    utmCampaign: utm("utm_campaign"),
  };
}

/** The referrer's host, or a 400 for anything but an http(s) URL without credentials. */
export function readReferrer(raw: string): Referrer {
  if (raw === "") return { kind: "none" };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refuse("r", "must be an http(s) URL");
  }
  if ((url.protocol !== "https:" && url.protocol !== "http:") || url.hostname === "") {
    throw refuse("r", "must be an http(s) URL");
  }
  if (url.username !== "" || url.password !== "") throw refuse("r", "must not carry credentials");
  return { kind: "host", host: url.hostname.replace(/^www\./, "") };
}

/**
 * Zone names already checked: luxon's check builds an `Intl.DateTimeFormat` each time, which was
 * most of a beacon's cost (docs/analytics.md, "Figures"). Bounded, as a name is the sender's.
 */
const checkedZones = createLruCache<string, boolean>(1_000);

function readZone(raw: string): string {
  if (raw === "") return "(unknown)";
  let valid = checkedZones.get(raw);
  if (valid === undefined) {
    valid = luxon().IANAZone.isValidZone(raw);
    checkedZones.set(raw, valid);
  }
  return valid ? raw : "(unknown)";
}

function readLanguage(raw: string): string {
  const match = LANGUAGE.exec(raw);
  return match?.[1] === undefined ? "(unknown)" : match[1].toLowerCase();
}

function readSections(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.length > MAX_SECTIONS) {
    throw refuse("s", `must be a list of at most ${MAX_SECTIONS} section ids`);
  }
  const ids = new Set<string>();
  for (const id of value) {
    if (typeof id !== "string" || !SECTION_ID.test(id)) throw refuse("s", "must hold section ids");
    ids.add(id);
  }
  return [...ids];
}

/** Reads the beacon's text; throws a 400 VALIDATION_FAILED for anything malformed. */
export function readBeacon(text: string): Beacon {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw refuse("body", "must be a JSON object");
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw refuse("body", "must be a JSON object");
  }
  const fields = body as Record<string, unknown>;
  const kind = fields.k;
  if (kind !== "v" && kind !== "l") throw refuse("k", "must be v or l");
  const page = readPagePath(optionalString(fields, "p", MAX_PATH) || "/");
  const referrer = optionalString(fields, "r", MAX_REFERRER);
  readReferrer(referrer);
  const seconds = optionalWhole(fields, "t", 86_400);
  return {
    kind: kind === "v" ? "view" : "leave",
    ...page,
    referrer,
    timeZone: readZone(optionalString(fields, "z", 64)),
    language: readLanguage(optionalString(fields, "g", 35)),
    sections: readSections(fields.s),
    scroll: optionalWhole(fields, "d", 100),
    seconds: seconds === null ? null : Math.min(seconds, MAX_VIEW_SECONDS),
  };
}
