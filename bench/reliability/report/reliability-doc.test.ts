import { describe, expect, it } from "vitest";
import { readReliabilityConfig } from "../config.ts";
import type { FuzzResult } from "../fuzz/run-fuzz.ts";
import type { MatrixSummary } from "../permissions/matrix-table.ts";
import { matrixScope } from "./attack-text.ts";
import { extractKeptPending, renderReliabilityDoc } from "./reliability-doc.ts";
import type { ReliabilityResults } from "./reliability-results.ts";

const TABLE = `| Route | no token | other member | API key |
|---|---|---|---|
| token | ✓ | ✓ | ✓ |
| query | — | D R | ✓ |
| count | — | — | ✓ |

Settings of the collection's permissions: **D** = site default; **M** = everything member; **R** = references members-only.`;

const matrix: MatrixSummary = {
  cells: 27,
  unauthorized: 0,
  wronglyRefused: 0,
  table: TABLE,
  pendingCallers: [],
};

const fuzz: FuzzResult = {
  seed: 7,
  requests: 1_500,
  uncredentialed: 900,
  serverErrors: 0,
  contentChanges: 0,
  dropped: 0,
  byStatus: {},
  aliveAfter: true,
  visitorAnswers: 800,
  membersOnlyLeaks: 0,
  failures: [],
};

const quickRun = (env: NodeJS.ProcessEnv): ReliabilityResults => ({
  startedAt: "2026-11-27T18:00:00.000Z",
  durationSeconds: 60,
  config: readReliabilityConfig(env),
  machine: {} as ReliabilityResults["machine"],
  permissions: { sqlite: { ok: true, value: matrix }, postgres: { ok: true, value: matrix } },
  fuzz: { sqlite: { ok: true, value: fuzz } },
});

describe("the reliability doc", () => {
  it("reads the matrix's callers, settings and rows from the table the run produced", () => {
    expect(matrixScope(TABLE)).toEqual({
      callers: ["no token", "other member", "API key"],
      settings: ["D", "M", "R"],
      rows: 3,
    });
    const doc = renderReliabilityDoc(quickRun({}), []);
    expect(doc).toContain(
      '× 3 kinds of caller ("no token", "other member" and "API key")\n× 3 permission settings of the collection (D, M, R;',
    );
    expect(doc).toContain("27 cells");
    expect(doc).toContain("On PostgreSQL the store granted exactly the same cells.");
  });

  it("says which sections a partial quick run measured and only their sizes", () => {
    const doc = renderReliabilityDoc(
      quickRun({ RELIABILITY_QUICK: "1", RELIABILITY_SECTIONS: "permissions,fuzz" }),
      [],
    );
    expect(doc).toContain("(sections permissions, fuzz; **quick sizes**: RELIABILITY_QUICK=1)");
    expect(doc).toContain(
      "Sizes of this run (quick): the permission matrix whole (the same at quick sizes), 1,500 fuzz requests (seed 20261123).",
    );
    expect(doc).toContain("(these figures: 1,500 requests, seed 7;");
    expect(doc).not.toContain("kills (seed");
  });

  it("keeps the hand-written pending bullets and makes the generated ones anew", () => {
    const previous = `## Pending

- Permission matrix, caller "x": pending.
- Mutation runs not made,
  for lack of time.

## Rerun
`;
    const kept = extractKeptPending(previous);
    expect(kept).toEqual(["Mutation runs not made,\n  for lack of time."]);
    const doc = renderReliabilityDoc(quickRun({}), [], "Analysis.\n", kept);
    expect(doc).toContain(
      "## Pending\n\n- Mutation runs not made,\n  for lack of time.\n\n## Rerun",
    );
    expect(extractKeptPending("## Pending\n\n- Nothing.\n")).toEqual([]);
  });
});
