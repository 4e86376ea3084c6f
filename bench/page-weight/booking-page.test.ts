import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { describe, expect, it } from "vitest";
import { SITE_DIR } from "../lib/paths.ts";
import { BOOKING_NON_REACT_BUDGET_GZ } from "../report/page-rows.ts";
import { measureReactShare } from "./react-split.ts";

describe("the booking page's JavaScript", () => {
  it("stays within its budget beyond React, and none of it is the visitor page's", async () => {
    const share = await measureReactShare({
      root: SITE_DIR,
      configFile: false,
      plugins: [react(), tailwindcss()],
      input: "booking.html",
    });
    expect(share.reactGz).toBeGreaterThan(50_000);
    expect(share.otherGz).toBeLessThan(BOOKING_NON_REACT_BUDGET_GZ);
    const modules = share.otherModules.map((weight) => weight.module);
    expect(modules).toContain("apps/site/src/booking/main.tsx");
    expect(modules.filter((module) => module.includes("/sections/"))).toEqual([]);
  }, 120_000);
});
