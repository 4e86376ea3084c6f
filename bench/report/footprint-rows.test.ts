import { describe, expect, it } from "vitest";
import { footprintRows } from "./footprint-rows.ts";

const start = { rssMb: 80, firstAnswerMs: 120, spawnToFirstAnswerMs: 1500 };
const result = { pageViews: 100, idleSeconds: 2, firstStart: start, restart: start, bareRssMb: 40 };

describe("footprintRows", () => {
  it("puts each idle store beside bare Node and fails it above 64 MB", () => {
    const [restart, first] = footprintRows({ ...result, restart: { ...start, rssMb: 64 } });
    expect(restart).toMatchObject({
      ours: "64.0 MB",
      baseline: "bare Node 40.0 MB",
      ratio: "1.60×",
      status: "pass",
    });
    expect(first).toMatchObject({ ours: "80.0 MB", ratio: "2.00×", status: "FAIL" });
  });

  it("holds a restarted store's first answer to half a second from spawn", () => {
    const rows = footprintRows({ ...result, restart: { ...start, spawnToFirstAnswerMs: 450 } });
    expect(rows[2]).toMatchObject({ ours: "450 ms", status: "pass" });
    expect(rows[3]).toMatchObject({ ours: "120 ms", status: "info" });
    expect(footprintRows(result)[2]).toMatchObject({ ours: "1500 ms", status: "FAIL" });
  });
});
