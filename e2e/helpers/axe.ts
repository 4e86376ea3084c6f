/** @module axe's WCAG 2.2 AA checks (and best practice) on a page or a part of it. */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { twoFrames } from "./frames.ts";

const WCAG_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

export type Violation = { rule: string; impact: string | null | undefined; targets: string[] };

/**
 * Waits until every finite animation and transition has ended: text measured mid-fade (a section
 * revealing as it was scrolled to) has a contrast no visitor is left with.
 */
async function motionSettled(page: Page) {
  // Two frames first: a reveal whose intersection was noticed this frame starts its transition next.
  await twoFrames(page);
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== "running" ||
          !Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)),
      ),
  );
}

/** What axe finds on the page, or in the part `include` selects: each rule with its elements. */
export async function violations(page: Page, include?: string): Promise<Violation[]> {
  await motionSettled(page);
  // Only violations are read: axe then keeps one example node of each passing rule instead of
  // every node, which is most of its time on a long page. Every rule still runs on every node.
  // Legacy mode runs axe in the page itself; the default opens a blank page per call to gather
  // its frames' results (about 0.4 s of a 0.6 s call on the home page, measured; 0.2 s this way).
  const builder = new AxeBuilder({ page })
    .withTags(WCAG_AA)
    .options({ resultTypes: ["violations"] })
    .setLegacyMode();
  const results = await (include === undefined ? builder : builder.include(include)).analyze();
  return results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    targets: violation.nodes.map((node) => node.target.join(" ")),
  }));
}
