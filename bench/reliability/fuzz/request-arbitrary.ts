/**
 * @module fast-check arbitraries for hostile HTTP requests to the store: a route row's example
 * request, bent in its method, path, query string (`.r` payloads too), body, content type and
 * encoding, credentials, cookies and other headers.
 */
import fc from "fast-check";
import { IDENTITY_ROWS } from "../lib/routes/identity-rows.ts";
import { ITEMS_PREFIXES, type RouteRow, type Target } from "../lib/routes/route-row.ts";
import { ROUTE_ROWS, requestFor } from "../lib/routes/route-table.ts";

/** Every route the fuzzer sends: the store's table and the identity service's. */
export const FUZZ_ROWS: readonly RouteRow[] = [...ROUTE_ROWS, ...IDENTITY_ROWS];

/** The credentials a fuzz run holds; requests pick among them and broken ones. */
export type FuzzCredentials = {
  apiKey: string;
  visitorToken: string;
  /** A member's access token (identity calls on their own account). */
  memberToken: string;
  forgedToken: string;
  ownerCookie: string;
  csrfToken: string;
};

export type FuzzRequest = {
  row: string;
  method: string;
  /** Path and query string, as sent. */
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** Carries the API key or the owner's session cookie: it may change content. */
  credentialed: boolean;
};

type Auth = { header?: string; credentialed: boolean };

const PRINTABLE = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)),
  maxLength: 60,
});
const ANY_TEXT = fc.string({ unit: "grapheme", maxLength: 40 });
const JSON_VALUE = fc.jsonValue({ maxDepth: 4 });

const TRAVERSALS = [
  "/../../etc/passwd",
  "/%2e%2e/%2e%2e/etc/passwd",
  "/assets/..%2f..%2fpackage.json",
  "/admin/../admin/api/session",
  "//wix-data//v2//items/query",
  "/index.html%00.js",
  "/%E0%A4%A",
  "/wix-data/v2/items/%ZZ",
  "/.env",
  "/server/entry-server.js",
];

/** All key paths of a JSON value, for replacing one of them. */
function keyPaths(value: unknown, prefix: string[] = []): string[][] {
  if (typeof value !== "object" || value === null) return [prefix];
  const entries = Array.isArray(value)
    ? value.map((v, i) => [String(i), v] as const)
    : Object.entries(value);
  return [prefix, ...entries.flatMap(([key, inner]) => keyPaths(inner, [...prefix, key]))];
}

function replaceAt(value: unknown, path: string[], replacement: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return replacement;
  if (typeof value !== "object" || value === null) return value;
  const copy = (Array.isArray(value) ? [...value] : { ...value }) as Record<string, unknown>;
  copy[head] = replaceAt(copy[head], rest, replacement);
  return copy;
}

function bodyArbitrary(example: unknown): fc.Arbitrary<Buffer | undefined> {
  const paths = keyPaths(example ?? {});
  const json = (value: unknown) => Buffer.from(JSON.stringify(value) ?? "null");
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant(example === undefined ? undefined : json(example)) },
    {
      weight: 6,
      arbitrary: fc
        .tuple(fc.nat(paths.length - 1), JSON_VALUE)
        .map(([index, value]) => json(replaceAt(example ?? {}, paths[index] ?? [], value))),
    },
    {
      weight: 1,
      arbitrary: fc.constant(example).map((value) => {
        const text = JSON.stringify(value ?? {});
        return Buffer.from(
          `{"__proto__":{"polluted":1},"constructor":{"prototype":{"x":1}},${text.slice(1)}`,
        );
      }),
    },
    { weight: 2, arbitrary: JSON_VALUE.map(json) },
    { weight: 1, arbitrary: ANY_TEXT.map((text) => Buffer.from(text)) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)) },
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: 1, max: 50_000 })
        .map((depth) => Buffer.from(`${"[".repeat(depth)}${"]".repeat(depth)}`)),
    },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

function queryArbitrary(example: unknown): fc.Arbitrary<string> {
  const dotR = (value: string) => `.r=${Buffer.from(value).toString("base64url")}`;
  return fc.oneof(
    { weight: 5, arbitrary: fc.constant("") },
    {
      weight: 2,
      arbitrary: fc
        .array(fc.tuple(ANY_TEXT, ANY_TEXT), { maxLength: 5 })
        .map((pairs) =>
          pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join("&"),
        ),
    },
    {
      weight: 2,
      arbitrary: fc
        .oneof(
          fc.constant(JSON.stringify(example ?? {})),
          JSON_VALUE.map((value) => JSON.stringify(value)),
          ANY_TEXT,
        )
        .map(dotR),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        ".r=%%%",
        ".r=!!",
        "a=%E0%A4%A",
        "&&&==&",
        ".r=e30&.r=e30",
        "__proto__[x]=1",
      ),
    },
  );
}

function authArbitrary(credentials: FuzzCredentials): fc.Arbitrary<Auth> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant({ credentialed: false }) },
    {
      weight: 3,
      arbitrary: fc.constant({ header: credentials.visitorToken, credentialed: false }),
    },
    { weight: 2, arbitrary: fc.constant({ header: credentials.apiKey, credentialed: true }) },
    { weight: 1, arbitrary: fc.constant({ header: credentials.memberToken, credentialed: false }) },
    // The identity calls a site's backend makes: a token and the API key, comma-separated.
    {
      weight: 1,
      arbitrary: fc.constant({
        header: `${credentials.visitorToken},${credentials.apiKey}`,
        credentialed: true,
      }),
    },
    { weight: 1, arbitrary: fc.constant({ header: credentials.forgedToken, credentialed: false }) },
    {
      weight: 1,
      arbitrary: fc.constant({
        header: `${credentials.visitorToken},${credentials.apiKey.slice(0, -2)}xx`,
        credentialed: false,
      }),
    },
    { weight: 1, arbitrary: PRINTABLE.map((text) => ({ header: text, credentialed: false })) },
    {
      weight: 1,
      arbitrary: PRINTABLE.map((text) => ({ header: `Bearer ${text}`, credentialed: false })),
    },
  );
}

function ownerArbitrary(credentials: FuzzCredentials) {
  const session = fc.record({
    cookie: fc.constant(credentials.ownerCookie),
    csrf: fc.oneof(fc.constant(credentials.csrfToken), fc.constant(undefined), PRINTABLE),
  });
  return fc.oneof(
    { weight: 6, arbitrary: fc.constant({ cookie: undefined, csrf: undefined }) },
    { weight: 2, arbitrary: session },
    {
      weight: 1,
      arbitrary: PRINTABLE.map((text) => ({
        cookie: `owner_session=${text.replaceAll(";", "")}`,
        csrf: undefined,
      })),
    },
    { weight: 1, arbitrary: PRINTABLE.map((text) => ({ cookie: text, csrf: text })) },
  );
}

const CONTENT_TYPES = fc.oneof(
  { weight: 6, arbitrary: fc.constant("application/json") },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      undefined,
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "application/json; charset=utf-16",
      "application/graphql",
      "image/png",
      "image/svg+xml",
    ),
  },
  { weight: 1, arbitrary: PRINTABLE },
);

const EXTRA_HEADERS = fc.record(
  {
    "accept-encoding": fc.oneof(fc.constantFrom("br", "gzip", "*", "identity;q=0"), PRINTABLE),
    origin: PRINTABLE,
    "x-forwarded-for": PRINTABLE,
    "x-forwarded-proto": fc.constantFrom("https", "http", "gopher"),
    "if-none-match": PRINTABLE,
    range: fc.constantFrom("bytes=0-10", "bytes=-1", "bytes=5-1", "bytes=0-0,1-1,2-2"),
    "x-wix-consistent": PRINTABLE,
  },
  { requiredKeys: [] },
);

/** Hostile requests over every row of the route table, against `target`'s items. */
export function fuzzRequestArbitrary(
  credentials: FuzzCredentials,
  target: Target,
): fc.Arbitrary<FuzzRequest> {
  return fc
    .tuple(fc.constantFrom(...FUZZ_ROWS), fc.constantFrom(...ITEMS_PREFIXES))
    .chain(([row, prefix]) => {
      const example = requestFor(row, target, prefix);
      const path = fc.oneof(
        { weight: 8, arbitrary: fc.constant(example.url) },
        {
          weight: 1,
          arbitrary: ANY_TEXT.map((text) =>
            example.url.replace(/[^/?]+(?=\?|$)/, encodeURIComponent(text) || "%20"),
          ),
        },
        { weight: 1, arbitrary: fc.constantFrom(...TRAVERSALS) },
      );
      return fc.record({
        row: fc.constant(row.name),
        method: fc.oneof(
          { weight: 8, arbitrary: fc.constant(row.method as string) },
          {
            weight: 1,
            arbitrary: fc.constantFrom("GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS"),
          },
        ),
        path,
        query: queryArbitrary(example.body),
        body: bodyArbitrary(example.body),
        contentType: CONTENT_TYPES,
        auth: authArbitrary(credentials),
        owner: ownerArbitrary(credentials),
        extra: EXTRA_HEADERS,
        encoding: fc.oneof(
          { weight: 9, arbitrary: fc.constant(undefined) },
          {
            weight: 1,
            arbitrary: fc.constantFrom("gzip", "br", "deflate", "identity", "zstd", "gzip, br"),
          },
        ),
      });
    })
    .map(({ row, method, path, query, body, contentType, auth, owner, extra, encoding }) => {
      const headers: Record<string, string> = { ...extra };
      if (encoding !== undefined) headers["content-encoding"] = encoding;
      if (contentType !== undefined && body !== undefined) headers["content-type"] = contentType;
      if (auth.header !== undefined) headers.authorization = auth.header;
      if (owner.cookie !== undefined) headers.cookie = owner.cookie;
      if (owner.csrf !== undefined) headers["x-csrf-token"] = owner.csrf;
      const separator = path.includes("?") ? "&" : "?";
      return {
        row,
        method,
        path: query === "" ? path : `${path}${separator}${query}`,
        headers,
        ...(body === undefined || method === "GET" || method === "HEAD" ? {} : { body }),
        credentialed: auth.credentialed || owner.cookie === credentials.ownerCookie,
      };
    });
}
