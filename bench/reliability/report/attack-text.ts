/**
 * @module The words of `docs/reliability.md` on the permission matrix and the fuzzer: what they
 * send, what makes a cell or an answer a finding, and what they do not cover. The matrix's scope
 * (callers, settings, rows) is read from the table the run produced, so the words and the table
 * describe the same run.
 */
import type { MatrixSummary } from "../permissions/matrix-table.ts";
import { n } from "./figure-row.ts";
import type { ReliabilityResults } from "./reliability-results.ts";

export type MatrixScope = { callers: string[]; settings: string[]; rows: number };

/** The callers (the header's columns), the settings (the legend's letters) and the rows of a table. */
export function matrixScope(table: string): MatrixScope {
  const lines = table.split("\n").filter((line) => line.startsWith("| "));
  const header = lines[0] ?? "";
  const callers = header
    .split(/(?<!\\) \| /)
    .slice(1)
    .map((name) => name.replace(/ \|$/, "").replaceAll("\\|", "|"));
  const settings = [...table.matchAll(/\*\*([A-Z])\*\* = /g)].map((match) => match[1] ?? "");
  return { callers, settings, rows: Math.max(0, lines.length - 1) };
}

const list = (items: readonly string[]) =>
  items.length < 2
    ? items.join("")
    : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;

function scopeSentence(summary: MatrixSummary | undefined): string {
  if (summary === undefined) {
    return "Every route × every kind of caller × each permission setting of the collection";
  }
  const { callers, settings, rows } = matrixScope(summary.table);
  const quoted = callers.map((name) => `"${name}"`);
  return [
    `Every route of the store (${rows} rows; the items routes under both \`/wix-data/v2\` and \`/v2\`)`,
    `× ${callers.length} kinds of caller (${list(quoted)})`,
    `× ${settings.length} permission settings of the collection (${settings.join(", ")}; the sign-in, session and`,
    `account rows, which do not depend on them, under the first only): ${n(summary.cells)} cells`,
  ].join("\n");
}

/** The "Permission matrix" section, its table and PostgreSQL's word included. */
export function permissionMatrixSection(results: ReliabilityResults): string {
  const sqlite = results.permissions?.sqlite;
  const postgres = results.permissions?.postgres;
  const summary = sqlite?.ok === true ? sqlite.value : undefined;
  const table = summary?.table ?? "_Not measured._";
  const postgresNote =
    postgres === undefined
      ? "On PostgreSQL: not run."
      : !postgres.ok
        ? "On PostgreSQL: not measured."
        : postgres.value.table === table
          ? "On PostgreSQL the store granted exactly the same cells."
          : `On PostgreSQL it differs:\n\n${postgres.value.table}`;
  return `## Permission matrix

${scopeSentence(summary)}, against the real store in process, one fresh database per caller and
setting. The route-table test fails for any route the store registers that is not a row, the
identity service's included. \`npm run bench:reliability\` runs the matrix whole on each engine,
at the same size with or without \`RELIABILITY_QUICK\`; \`npm test\` runs a covering eighth of it on
each engine: every route with every caller, every caller and every route under every setting,
the eighth turning by the day (\`MATRIX_OFFSET\` replays one; \`MATRIX_FULL=1\` runs them all).

A cell is **unauthorized** when:

- the rules refuse the caller, yet the store answered 2xx (for GraphQL: without \`errors\`) or
  changed a stored byte (every table is compared before and after, read from the database, so a
  new table is compared too; of an owner session only its last-use time is left out);
- an answer holds the text of a seeded item the caller may not read, or of a referenced item of a
  members-only collection (setting **R**: the collection readable by anyone, its referenced
  collection \`VaultRefs\` members-only), whatever the row: the page, the token endpoint and
  GraphQL included;
- a caller held to its own items (a member under an \`author\` setting) or refused them (a visitor
  under \`member\`) got a count, total, page length or number of groups larger than the items it
  owns: counts carry no text, so they are judged as numbers (\`permissions/reveals.ts\`);
- a caller without a member's or an admin's rights, or the other member, got the first member's
  id, e-mail, session ids or file name in an answer (outside the data rows, where an item's owner
  field is read with the item), or changed their identity, sessions or file shares (for an
  account deletion, also the items they own);
- a stateful call, or a caller's call on its own account, changed a table its row does not name.

A call the rules permit is **wrongly refused** when it did not get a 2xx; stateful rows and the
examples that cannot succeed without a browser's answer (passkeys, a second factor) are held only
to the rules above.

- **Identity rows.** The identity calls whose answer depends on who calls (a member on their own
  account, a site's backend with the API key) run under every setting. The calls whose answer
  depends on what the body proves (a password, a code, a state token: sign-in, sign-up, codes,
  recovery, redirect sessions, the member pages, passkeys, and the editor's sign-in, setup,
  reset, sign-out and second factor) are **stateful** rows: any status, but a caller without an
  admin's rights may change only the tables the row names. The calls that end the caller's
  sessions or delete its account run after every other row.
- **The other member.** Before their requests the seed's items (both collections) become the
  first member's own, the first member's files are shared with them alone, and the first member
  holds a session. The second member may act on their own account (who am I, password, sessions,
  sign-ins, export, passkeys, files), must be refused on the first member's (a verification for
  their id, their file's download), and under the \`author\` settings the data rows are them
  reading and changing the first member's items.
- **Hostile reads**, per caller, under every setting and both items prefixes: \`$or\` with a field
  only the seed's items hold (POST query and GET \`.r\`), \`_ownerId\` of someone else and of the
  first member, \`$and\` of the first member's \`_owner\` and the secret, \`$not\` of the caller's
  own items, the \`_owner\` alias with a missing owner, referenced items pulled in,
  \`query-referenced\` filtered on the first member, a count, an aggregate grouped by the secret,
  distinct values of it; through GraphQL, \`items\` with an \`$or\` filter and \`count\`.

**Not covered:** counts of the referenced collection (\`query-referenced\`'s paging) and of files;
what a permitted write changed (the route tests judge that); the success of the passkey,
second-factor and reset calls (\`passkeys.test.ts\`, \`staff-account.test.ts\`,
\`session-routes.test.ts\`); timing (login enumeration has its own test); more than one body per
row (the fuzzer sends those).

Below, where each caller got a 2xx: ✓ under every setting the row ran under, — under none,
else the letters of the settings. Owner routes answer the editor's session only (with its CSRF
header on state changes); the token endpoint, page, static files and editor page are public; the
calls the store does not offer answer 404 to everyone.

${table}

${postgresNote}`;
}

/** The fuzzer's bullet of "Fuzzing, load, backups", with the size and seed of its figures. */
export function fuzzBullet(results: ReliabilityResults): string {
  const fuzz = results.fuzz?.sqlite;
  const size =
    fuzz?.ok === true ? `${n(fuzz.value.requests)} requests, seed ${fuzz.value.seed}` : "";
  return `- **Fuzzer** (\`bench/reliability/fuzz/\`): fast-check bends each route's well-formed request
  (every row of the route table, the identity service's included: method, path segments and
  traversals, query strings and \`.r\` payloads, JSON bodies with one value replaced, random JSON,
  bytes, deep nesting, \`__proto__\` keys, content types and encodings, API key / visitor / member /
  forged / garbage credentials, owner cookies with and without CSRF, proxy and range headers) and
  sends it over a socket to the real store. Findings: a 5xx; a stored byte changed by a request
  without the API key or the owner's cookie (the whole database is compared with the one before,
  but for the tables the row may write on purpose, such as a sign-up's identity); and, as the
  store's referenced collection is members-only and its items hold a value of their own, that
  value in any answer to a caller without a member's rights (no token, a visitor's, forged or
  garbage tokens). The store must serve afterwards. \`FUZZ_REQUESTS\` and \`FUZZ_SEED\` set the
  size and seed${size === "" ? "" : ` (these figures: ${size}; \`npm test\` sends 1,500)`}.
  **Not covered:** a second member's token; the answers to the member's token, the API key and
  the owner (they may read the value); what a request with credentials changed; in reads, any
  private value but the members-only one (the matrix checks the first member's).`;
}
