/** @module axe's WCAG 2.2 AA checks (and best practice) on a page or a part of it. */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

const WCAG_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

export type Violation = { rule: string; impact: string | null | undefined; targets: string[] };

/** What axe finds on the page, or in the part `include` selects: each rule with its elements. */
export async function violations(page: Page, include?: string): Promise<Violation[]> {
  const builder = new AxeBuilder({ page }).withTags(WCAG_AA);
  const results = await (include === undefined ? builder : builder.include(include)).analyze();
  return results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    targets: violation.nodes.map((node) => node.target.join(" ")),
  }));
}
