/**
 * @module The permission matrix: every route × every kind of caller × each collection
 * permission setting, sent to the real store in process. A cell is unauthorized when a caller
 * the rules refuse got a 2xx, changed any stored byte, or saw a seeded item's text or a count of
 * items beyond its own (reveals.ts).
 */
import type { Permissions } from "../../../apps/store/src/main/testing.ts";
import { CALLER_KINDS, type CallerKind, seededMember, tokenSubjectOf } from "../lib/callers.ts";
import { type Engine, SQLITE } from "../lib/engine.ts";
import {
  createReliabilityStore,
  createStandInSite,
  dumpTables,
  ownedItemCount,
} from "../lib/reliability-store.ts";
import { ITEMS_PREFIXES, type RouteRow } from "../lib/routes/route-row.ts";
import { MATRIX_ROWS, requestFor } from "../lib/routes/route-table.ts";
import { firstMemberMarks, firstMemberState, giveSeedTo } from "./first-member.ts";
import { type Permission, whatItReveals } from "./reveals.ts";

export type PermissionSetting = {
  name: string;
  short: string;
  permissions: Permissions;
  /** The referenced collection's, where they differ. */
  referenced?: Permissions;
};

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
    // References from a public collection into a members-only one (a client list, say).
    name: "site default, references members-only: the referenced collection read member",
    short: "R",
    permissions: { read: "anyone", insert: "admin", update: "admin", remove: "admin" },
    referenced: { read: "member", insert: "admin", update: "admin", remove: "admin" },
  },
  {
    name: "inverted: read admin, write anyone",
    short: "I",
    permissions: { read: "admin", insert: "anyone", update: "anyone", remove: "anyone" },
  },
];

const RANK = { anyone: 0, member: 1, author: 1, admin: 2, visitor: 0 } as const;

/**
 * What the rules say of this caller's request on this row under this setting: `yes` it may
 * succeed; `no` it must be refused; `own` it reaches only what is the caller's own (a member
 * under `author`: the items they created; a second member: their own account): it may answer
 * 2xx, but must neither change nor show a seeded item or anything of the first member's.
 */

export function permissionOf(
  row: RouteRow,
  caller: CallerKind,
  permissions: Permissions,
): Permission {
  const access = row.access;
  const yes = (allowed: boolean): Permission => (allowed ? "yes" : "no");
  if (access.kind === "public" || access.kind === "stateful") return "yes";
  if (access.kind === "refused") return "no";
  if (access.kind === "callers") {
    if (access.names.includes(caller.name)) return "yes";
    return access.own?.includes(caller.name) ? "own" : "no";
  }
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
   * Refused by the rules, yet answered 2xx, changed stored bytes or showed seeded text or a
   * count beyond the caller's own items (a member under `author`: changed or showed a seeded
   * item, or counted one).
   */
  unauthorized: boolean;
  /** What the answer showed that the caller may not see (whatItReveals), when it did. */
  revealed?: string;
  /** Permitted by the rules, yet not answered 2xx. */
  wronglyRefused: boolean;
};

export type MatrixResult = {
  cells: MatrixCell[];
  pendingCallers: { name: string; reason: string }[];
};

function isGranted(status: number, body: string, row: RouteRow): boolean {
  if (row.redirects === true) return status >= 300 && status <= 399;
  if (status < 200 || status > 299) return false;
  if (!row.pattern.startsWith("/graphql")) return true;
  try {
    return (JSON.parse(body) as { errors?: unknown[] }).errors === undefined;
  } catch {
    return false;
  }
}

/** One request of the matrix: a row under one prefix, seeded under its own key. */
export type MatrixCase = { row: RouteRow; prefix: string; key: string };

/**
 * Rows that end what the callers hold run after every other row, in this order; among the
 * sign-outs, the ones that must succeed (sign out everywhere) before the stateful ones.
 */
const LAST = { sessions: 2, account: 3, "sign-out": 4 } as const;
const rank = ({ row }: MatrixCase) => {
  if (row.endsCaller === undefined) return row.emptiesCollection ? 1 : 0;
  return LAST[row.endsCaller] + (row.access.kind === "stateful" ? 0.5 : 0);
};

/** Items rows under both prefixes, the other rows once; each case gets its own seeded item. */
export function matrixCases(): MatrixCase[] {
  const cases = ITEMS_PREFIXES.flatMap((prefix, index) =>
    MATRIX_ROWS.filter((row) => index === 0 || row.items).map((row) => ({
      row,
      prefix,
      key: `${prefix} ${row.name}`,
    })),
  );
  // A stable sort: the order within each rank is the table's.
  return cases
    .map((item, index) => ({ item, index }))
    .sort((a, b) => rank(a.item) - rank(b.item) || a.index - b.index)
    .map(({ item }) => item);
}

/** Tables whose rows differ between two dumps. */
function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((name) => before.get(name) !== after.get(name));
}

/**
 * A caller with neither an admin's nor the first member's rights for this method: no answer to
 * them may hold the first member's id, e-mail or sessions, and nothing of the first member's
 * may change.
 */
const isStranger = (caller: CallerKind, method: string) => {
  const role = caller.role(method);
  return role === null || role === "visitor" || caller.otherMember === true;
};

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
    ...(setting.referenced === undefined ? {} : { referencedPermissions: setting.referenced }),
    rows: cases.map(({ row, key }) => ({ ...row, name: key })),
    siteDir,
  });
  try {
    const headers = await caller.headers(store);
    // The items a caller held to its own reaches are those it inserted itself during the run
    // (the seed's are "seed"'s, or the first member's for the other member), found by the id
    // the store knows it by; a caller without a token owns none.
    const callerId = tokenSubjectOf(headers);
    const memberId = await seededMember(store);
    const firstMember = caller.otherMember
      ? await giveSeedTo(store, memberId)
      : firstMemberMarks(store.db, memberId);
    const mayReadSeed = permissionOf(READ_ROW, caller, setting.permissions) === "yes";
    const referenced = setting.referenced ?? setting.permissions;
    const mayReadReferenced = permissionOf(READ_ROW, caller, referenced) === "yes";
    const cells: MatrixCell[] = [];
    for (const { row, prefix, key } of cases) {
      const target = store.targets.get(key);
      if (target === undefined) throw new Error(`no target for ${key}`);
      const request = requestFor(row, { ...target, memberId }, prefix);
      const permission = permissionOf(row, caller, setting.permissions);
      const permitted = permission === "yes";
      const stranger = isStranger(caller, row.method);
      // A stateful row holds every caller but an admin to the tables it names.
      const heldToWrites = permission === "own" || (row.access.kind === "stateful" && stranger);
      const compare = !permitted || heldToWrites;
      const before = compare ? dumpTables(store.db) : new Map<string, string>();
      const withItems = row.endsCaller === "account";
      const memberBefore = stranger ? firstMemberState(store.db, memberId, withItems) : "";
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
      const changed = compare ? changedTables(before, dumpTables(store.db)) : [];
      const allowed = new Set(heldToWrites && permission !== "no" ? (row.mayWrite ?? []) : []);
      if (heldToWrites && row.endsCaller === "sign-out") allowed.add("sessions");
      const revealed = whatItReveals(
        {
          row,
          permission,
          mayReadSeed,
          mayReadReferenced,
          stranger,
          firstMemberMarks: firstMember,
          ownItems: () =>
            callerId === null ? 0 : ownedItemCount(store.db, target.collection, callerId),
        },
        response.body,
      );
      const unauthorized =
        revealed !== null ||
        (stranger && firstMemberState(store.db, memberId, withItems) !== memberBefore) ||
        changed.some((table) => !allowed.has(table)) ||
        (granted && permission === "no");
      cells.push({
        row: row.name,
        prefix: row.items ? prefix : "",
        caller: caller.name,
        setting: setting.name,
        permitted,
        status: response.statusCode,
        granted,
        unauthorized,
        ...(revealed === null ? {} : { revealed }),
        wronglyRefused:
          permitted && !granted && row.access.kind !== "stateful" && row.exampleFails !== true,
      });
    }
    return cells;
  } finally {
    await store.app.close();
  }
}

/**
 * Which cells run. `full`: every route × every caller × every setting (`npm run
 * bench:reliability`). `covering`: a covering design over the same matrix (`npm test`): case `i`
 * runs for caller `c` under setting `(i + c + offset) mod S` only, so every route meets every
 * caller exactly once, every caller meets every setting (a store each, as in the full run), and
 * every route meets every setting when there are at least S callers; about 1/S of the cells.
 * `offset` turns which third of a cell's settings is tried: the same cells for the same offset.
 */
export type MatrixSample = { kind: "full" } | { kind: "covering"; offset: number };

export const FULL_MATRIX: MatrixSample = { kind: "full" };

/** The cases one (setting, caller) store runs: rows run once per caller go under the first setting. */
function casesFor(
  allCases: readonly MatrixCase[],
  sample: MatrixSample,
  settingIndex: number,
  settingCount: number,
  callerIndex: number,
): MatrixCase[] {
  return allCases.filter(({ row }, caseIndex) => {
    if (row.oncePerCaller) return settingIndex === 0;
    if (sample.kind === "full") return true;
    return (caseIndex + callerIndex + sample.offset) % settingCount === settingIndex;
  });
}

/**
 * Runs the matrix (on SQLite unless told; every cell unless a sample is named); items routes
 * under both prefixes, the other routes once.
 */
export async function runPermissionMatrix(
  options: {
    callers?: readonly CallerKind[];
    settings?: readonly PermissionSetting[];
    engine?: Engine;
    sample?: MatrixSample;
  } = {},
): Promise<MatrixResult> {
  const callers = options.callers ?? CALLER_KINDS;
  const settings = options.settings ?? PERMISSION_SETTINGS;
  const sample = options.sample ?? FULL_MATRIX;
  const siteDir = createStandInSite();
  const allCases = matrixCases();
  const cells: MatrixCell[] = [];
  for (const [index, setting] of settings.entries()) {
    for (const [callerIndex, caller] of callers.entries()) {
      const { headers } = caller;
      if (headers === undefined) continue;
      const cases = casesFor(allCases, sample, index, settings.length, callerIndex);
      if (cases.length === 0) continue;
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
