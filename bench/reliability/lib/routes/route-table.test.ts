import { afterAll, beforeAll, expect, test } from "vitest";
import {
  createReliabilityStore,
  createStandInSite,
  type ReliabilityStore,
} from "../reliability-store.ts";
import { IDENTITY_ROWS } from "./identity-rows.ts";
import { MATRIX_ROWS, ROUTE_ROWS, tableRouteKeys } from "./route-table.ts";

const ALL_ROWS = [...ROUTE_ROWS, ...IDENTITY_ROWS];

let store: ReliabilityStore;
const registered = new Set<string>();

beforeAll(async () => {
  store = await createReliabilityStore({
    permissions: { read: "anyone", insert: "admin", update: "admin", remove: "admin" },
    rows: [],
    siteDir: createStandInSite(),
  });
  store.app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) {
      if (method !== "HEAD") registered.add(`${method} ${route.url}`);
    }
  });
  await store.app.ready();
});
afterAll(() => store.app.close());

test("every route the store registers has a row in the fuzzer's and the matrix's table", () => {
  expect(registered.size).toBeGreaterThan(50);
  const table = tableRouteKeys(ALL_ROWS);
  // The editor page answers on /admin and /admin/ (one handler).
  expect([...registered].filter((key) => !table.has(key) && key !== "GET /admin/")).toEqual([]);
});

test("every route the store registers, the identity service's and the editor's sign-in included, is a row of the permission matrix", () => {
  const matrix = tableRouteKeys(MATRIX_ROWS);
  const missing = [...registered].filter((key) => !matrix.has(key) && key !== "GET /admin/");
  expect(missing).toEqual([]);
  const identity = [...registered].filter((key) =>
    /^\w+ \/(_api\/iam|iam|members|_api\/account|_api\/redirects-api|redirect-session|headless|oauth2)\//.test(
      key,
    ),
  );
  expect(identity.length).toBeGreaterThan(50);
  expect(identity.filter((key) => !matrix.has(key))).toEqual([]);
  expect(new Set(MATRIX_ROWS.map((row) => row.name)).size).toBe(MATRIX_ROWS.length);
});

test("every row of the table names a route the store serves", () => {
  // The CORS preflight is registered before any plugin, so the hook above cannot see it.
  const unknown = [...tableRouteKeys(ALL_ROWS)].filter(
    (key) => !registered.has(key) && key !== "OPTIONS *",
  );
  expect(unknown).toEqual([]);
  expect(new Set(ALL_ROWS.map((row) => row.name)).size).toBe(ALL_ROWS.length);
});
