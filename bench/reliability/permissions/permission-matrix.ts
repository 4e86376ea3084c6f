/**
 * @module The permission matrix: every route × every kind of caller × each collection
 * permission setting, sent to the real store in process. A cell is unauthorized when a caller
 * the rules refuse got a 2xx, changed any stored byte, or saw a seeded item's text.
 */
import type { Permissions } from "../../../apps/store/src/testing.ts";
import { CALLER_KINDS, type CallerKind, seededMember } from "../lib/callers.ts";
import { type Engine, SQLITE } from "../lib/engine.ts";
import {
  createReliabilityStore,
  createStandInSite,
  dumpContent,
  SECRET_MARK,
} from "../lib/reliability-store.ts";
import { ITEMS_PREFIXES, type RouteRow } from "../lib/routes/route-row.ts";
import { MATRIX_ROWS, requestFor } from "../lib/routes/route-table.ts";

export type PermissionSetting = { name: string; short: string; permissions: Permissions };

const all = (role: Permissions["read"]): Permissions => ({
  read: role,
  insert: role,
  update: role,
  remove: role,
});

export const PERMISSION_SETTINGS: PermissionSetting[] = [
  {
    name: "site default: read anyone, write admin",
    short: "D",
    permissions: { read: "anyone", insert: "admin", update: "admin", remove: "admin" },
  },
  { name: "everything anyone", short: "A", permissions: all("anyone") },
  { name: "everything member", short: "M", permissions: all("member") },
  { name: "everything admin", short: "O", permissions: all("admin") },
  {
    name: "authors: read and insert member, update and remove author",
    short: "W",
    permissions: { read: "member", insert: "member", update: "author", remove: "author" },
  },
  { name: "everything author", short: "U", permissions: all("author") },
  {
    name: "inverted: read admin, write anyone",
    short: "I",
    permissions: { read: "admin", insert: "anyone", update: "anyone", remove: "anyone" },
  },
];

const RANK = { anyone: 0, member: 1, author: 1, admin: 2, visitor: 0 } as const;

/**
 * What the rules say of this caller's request on this row under this setting: `yes` it may
 * succeed; `no` it must be refused; `own` it reaches only the items the caller created (a member
 * under `author`): it may answer 2xx, but must neither change a seeded item nor show one (the
 * seed's items are not the member's).
 */
export type Permission = "yes" | "no" | "own";

export function permissionOf(
  row: RouteRow,
  caller: CallerKind,
  permissions: Permissions,
): Permission {
  const access = row.access;
  const yes = (allowed: boolean): Permission => (allowed ? "yes" : "no");
  if (access.kind === "public") return "yes";
  if (access.kind === "refused") return "no";
  if (access.kind === "callers") return yes(access.names.includes(caller.name));
  if (access.kind === "owner") return yes(caller.owner(row.method));
  if (access.kind === "staff") return yes((caller.editor ?? caller.owner)(row.method));
  const role = caller.role(row.method);
  if (role === null) return "no";
  if (access.kind === "role") {
    if (access.role === "admin" && caller.contentOnly === true) return "no";
    return yes(RANK[role] >= RANK[access.role]);
  }
  if (role === "visitor" && access.action !== "read") return "no";
  const required = permissions[access.action];
  if (required === "author" && access.action !== "insert" && role === "member") return "own";
  return yes(RANK[role] >= RANK[required]);
}

/** A plain read of the seeded collection: whether a caller may see the seed at all. */
const READ_ROW: RouteRow = {
  name: "read",
  method: "GET",
  pattern: "",
  access: { kind: "data", action: "read" },
  example: () => ({ url: "" }),
};

/** Whether this caller's request on this row may succeed under this setting. */
export function isPermitted(row: RouteRow, caller: CallerKind, permissions: Permissions): boolean {
  return permissionOf(row, caller, permissions) === "yes";
}

export type MatrixCell = {
  row: string;
  prefix: string;
  caller: string;
  setting: string;
  permitted: boolean;
  status: number;
  granted: boolean;
  /**
   * Refused by the rules, yet answered 2xx, changed stored bytes or showed seeded text (a
   * member under `author`: changed or showed a seeded item).
   */
  unauthorized: boolean;
  /** Permitted by the rules, yet not answered 2xx. */
  wronglyRefused: boolean;
};

export type MatrixResult = {
  cells: MatrixCell[];
  pendingCallers: { name: string; reason: string }[];
};

function isGranted(status: number, body: string, row: RouteRow): boolean {
  if (status < 200 || status > 299) return false;
  if (!row.pattern.startsWith("/graphql")) return true;
  try {
    return (JSON.parse(body) as { errors?: unknown[] }).errors === undefined;
  } catch {
    return false;
  }
}

/** One request of the matrix: a row under one prefix, seeded under its own key. */
type MatrixCase = { row: RouteRow; prefix: string; key: string };

/** Items rows under both prefixes, the other rows once; each case gets its own seeded item. */
function matrixCases(): MatrixCase[] {
  const cases = ITEMS_PREFIXES.flatMap((prefix, index) =>
    MATRIX_ROWS.filter((row) => index === 0 || row.items).map((row) => ({
      row,
      prefix,
      key: `${prefix} ${row.name}`,
    })),
  );
  const last = (item: MatrixCase) => item.row.emptiesCollection === true;
  return [...cases.filter((item) => !last(item)), ...cases.filter(last)];
}

async function runCaller(
  setting: PermissionSetting,
  caller: CallerKind & { headers: NonNullable<CallerKind["headers"]> },
  cases: readonly MatrixCase[],
  siteDir: string,
  engine: Engine,
): Promise<MatrixCell[]> {
  const store = await createReliabilityStore({
    engine,
    permissions: setting.permissions,
    rows: cases.map(({ row, key }) => ({ ...row, name: key })),
    siteDir,
  });
  try {
    const headers = await caller.headers(store);
    const memberId = await seededMember(store);
    const mayReadSeed = permissionOf(READ_ROW, caller, setting.permissions) === "yes";
    const cells: MatrixCell[] = [];
    for (const { row, prefix, key } of cases) {
      const target = store.targets.get(key);
      if (target === undefined) throw new Error(`no target for ${key}`);
      const request = requestFor(row, { ...target, memberId }, prefix);
      const permission = permissionOf(row, caller, setting.permissions);
      const permitted = permission === "yes";
      const before = permitted ? "" : dumpContent(store.db);
      const response = await store.app.inject({
        method: row.method,
        url: request.url,
        headers: {
          ...headers,
          ...(row.method === "OPTIONS" ? { origin: "https://elsewhere.example" } : {}),
          ...request.headers,
        },
        ...(request.body === undefined ? {} : { payload: request.body as object }),
        remoteAddress: "198.51.100.21",
      });
      const granted = isGranted(response.statusCode, response.body, row);
      // Routes open to anyone (the page, the token endpoint, GraphQL's schema...) must not show
      // a seeded item to a caller the collection's read permission refuses.
      const revealed =
        row.access.kind !== "data" && !mayReadSeed && response.body.includes(SECRET_MARK);
      const unauthorized =
        revealed ||
        (!permitted &&
          ((granted && permission === "no") ||
            dumpContent(store.db) !== before ||
            response.body.includes(SECRET_MARK)));
      cells.push({
        row: row.name,
        prefix: row.items ? prefix : "",
        caller: caller.name,
        setting: setting.name,
        permitted,
        status: response.statusCode,
        granted,
        unauthorized,
        wronglyRefused: permitted && !granted,
      });
    }
    return cells;
  } finally {
    await store.app.close();
  }
}

/** Runs every cell (on SQLite unless told); items routes under both prefixes, the other routes once. */
export async function runPermissionMatrix(
  options: {
    callers?: readonly CallerKind[];
    settings?: readonly PermissionSetting[];
    engine?: Engine;
  } = {},
): Promise<MatrixResult> {
  const callers = options.callers ?? CALLER_KINDS;
  const settings = options.settings ?? PERMISSION_SETTINGS;
  const siteDir = createStandInSite();
  const cases = matrixCases();
  const cells: MatrixCell[] = [];
  for (const setting of settings) {
    for (const caller of callers) {
      const { headers } = caller;
      if (headers === undefined) continue;
      const engine = options.engine ?? SQLITE;
      cells.push(...(await runCaller(setting, { ...caller, headers }, cases, siteDir, engine)));
    }
  }
  return {
    cells,
    pendingCallers: callers.flatMap((caller) =>
      caller.headers === undefined
        ? [{ name: caller.name, reason: caller.pending ?? "pending" }]
        : [],
    ),
  };
}
