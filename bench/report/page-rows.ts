import type { LighthouseSummary } from "../lighthouse.ts";
import type { LighthouseResult, PageWeightResult } from "../results.ts";
import { count, kb, ms, ratio, ratioOf } from "./format.ts";
import { check, type ReportRow } from "./row.ts";

/** A fixed figure for the original stack (React + @wix/sdk + @wix/data + framer-motion), gz. */
export const ORIGINAL_STACK_GZ = 164_000;
export const JS_BUDGET_GZ = 80_000;
export const NON_REACT_BUDGET_GZ = 12_000;
export const CSS_BUDGET_GZ = 15_000;
/** The analytics beacon may add at most 1 KB gz to what the visitor's browser loads. */
export const BEACON_BUDGET_GZ = 1_024;
/** The booking page (`/book`) loads its own JS only there, beside React's runtime. */
export const BOOKING_NON_REACT_BUDGET_GZ = 30_000;
export const LIGHTHOUSE_RATIO_GOAL = 1.2;

function bookingRows(bookingNonReactGz: number | undefined, bare: number): ReportRow[] {
  if (bookingNonReactGz === undefined) return [];
  return [
    {
      section: "Page weight",
      figure: "Booking page's own JS beyond React (gz)",
      ours: kb(bookingNonReactGz),
      baseline: `bare ${kb(bare)}`,
      ratio: "",
      goal: `≤ ${kb(BOOKING_NON_REACT_BUDGET_GZ)}`,
      status: check(bookingNonReactGz <= BOOKING_NON_REACT_BUDGET_GZ),
    },
  ];
}

export function pageWeightRows(result: PageWeightResult): ReportRow[] {
  const { ours, bare, beaconGz, bookingNonReactGz } = result;
  const section = "Page weight";
  return [
    ...bookingRows(bookingNonReactGz, bare.nonReactGz),
    {
      section,
      figure: "Analytics beacon, loaded after the page (gz)",
      ours: beaconGz === undefined ? "n/a" : `${beaconGz} B`,
      baseline: "",
      ratio: "",
      goal: `≤ ${BEACON_BUDGET_GZ} B`,
      status: check(beaconGz !== undefined && beaconGz <= BEACON_BUDGET_GZ),
    },
    {
      section,
      figure: "All JS the page loads (gz)",
      ours: kb(ours.jsGz),
      baseline: `bare ${kb(bare.jsGz)}; original stack ${kb(ORIGINAL_STACK_GZ)}`,
      ratio: `${ratio(ratioOf(ours.jsGz, bare.jsGz))}; ${ratio(ratioOf(ours.jsGz, ORIGINAL_STACK_GZ))}`,
      goal: `≤ ${kb(JS_BUDGET_GZ)}`,
      status: check(ours.jsGz <= JS_BUDGET_GZ),
    },
    {
      section,
      figure: "  React runtime (react, react-dom, scheduler)",
      ours: kb(ours.reactGz),
      baseline: `bare ${kb(bare.reactGz)}`,
      ratio: ratio(ratioOf(ours.reactGz, bare.reactGz)),
      goal: "",
      status: "info",
    },
    {
      section,
      figure: "  Everything else (ours, incl. hydration data)",
      ours: kb(ours.nonReactGz),
      baseline: `bare ${kb(bare.nonReactGz)}`,
      ratio: ratio(ratioOf(ours.nonReactGz, bare.nonReactGz)),
      goal: `≤ ${kb(NON_REACT_BUDGET_GZ)}`,
      status: check(ours.nonReactGz <= NON_REACT_BUDGET_GZ),
    },
    {
      section,
      figure: "    of which inline scripts / hydration data",
      ours: kb(ours.inlineScriptsGz),
      baseline: `bare ${kb(bare.inlineScriptsGz)}`,
      ratio: "",
      goal: "",
      status: "info",
    },
    {
      section,
      figure: "CSS (gz)",
      ours: kb(ours.cssGz),
      baseline: `bare ${kb(bare.cssGz)}`,
      ratio: "",
      goal: `≤ ${kb(CSS_BUDGET_GZ)}`,
      status: check(ours.cssGz <= CSS_BUDGET_GZ),
    },
    {
      section,
      figure: "Web-font requests (of which block text)",
      ours: `${ours.fontRequests} (${ours.blockingFontRequests})`,
      baseline: `bare ${bare.fontRequests} (${bare.blockingFontRequests})`,
      ratio: "",
      goal: "0 blocking",
      status: check(ours.blockingFontRequests === 0),
    },
    {
      section,
      figure: "Images without width/height in the HTML",
      ours: `${ours.imagesWithoutDimensions} of ${ours.images}`,
      baseline: `bare ${bare.imagesWithoutDimensions} of ${bare.images}`,
      ratio: "",
      goal: "0",
      status: check(ours.imagesWithoutDimensions === 0),
    },
    {
      section,
      figure: "HTML document (gz)",
      ours: kb(ours.htmlGz),
      baseline: `bare ${kb(bare.htmlGz)}`,
      ratio: "",
      goal: "",
      status: "info",
    },
  ];
}

const SCORES = [
  ["performance", "Performance"],
  ["accessibility", "Accessibility"],
  ["best-practices", "Best practices"],
  ["seo", "SEO"],
] as const;

export function lighthouseRows(result: LighthouseResult): ReportRow[] {
  return [...lightRows(result), ...(result.oursDark ? darkRows(result.oursDark, result.bare) : [])];
}

/** The dark theme: the four scores, CLS and LCP, against the bare page. */
function darkRows(dark: LighthouseSummary, bare: LighthouseSummary): ReportRow[] {
  const section = `Lighthouse mobile, dark theme (median of ${dark.runs.length})`;
  const o = dark.median;
  const b = bare.median;
  return [...scoreRows(section, o, b), timingRow(section, "LCP", o.lcpMs, b.lcpMs, true)];
}

/** The four Lighthouse scores and CLS, each against the bare page's. */
function scoreRows(
  section: string,
  o: LighthouseSummary["median"],
  b: LighthouseSummary["median"],
): ReportRow[] {
  return [
    ...SCORES.map(
      ([key, label]): ReportRow => ({
        section,
        figure: label,
        ours: count(o.scores[key]),
        baseline: `bare ${count(b.scores[key])}`,
        ratio: "",
        goal: "100",
        status: check(o.scores[key] === 100),
      }),
    ),
    {
      section,
      figure: "CLS",
      ours: o.clsScore.toFixed(3),
      baseline: `bare ${b.clsScore.toFixed(3)}`,
      ratio: "",
      goal: "0",
      status: check(o.clsScore === 0),
    },
  ];
}

/** A time against the bare page's; `goal` holds it to the ratio goal, else it is informative. */
function timingRow(
  section: string,
  figure: string,
  a: number,
  z: number,
  goal: boolean,
): ReportRow {
  return {
    section,
    figure,
    ours: ms(a),
    baseline: `bare ${ms(z)}`,
    ratio: ratio(ratioOf(a, z)),
    goal: goal ? `≤ ${LIGHTHOUSE_RATIO_GOAL}× bare` : "",
    status: goal ? check(ratioOf(a, z) <= LIGHTHOUSE_RATIO_GOAL) : "info",
  };
}

function lightRows({ ours, bare, oursStatic }: LighthouseResult): ReportRow[] {
  const section = `Lighthouse mobile (median of ${bare.runs.length})`;
  if (!ours) {
    return [
      {
        section,
        figure: "our page",
        ours: "store not running",
        baseline: "",
        ratio: "",
        goal: "",
        status: "error",
      },
    ];
  }
  const o = ours.median;
  const b = bare.median;
  return [
    ...scoreRows(section, o, b),
    timingRow(section, "LCP", o.lcpMs, b.lcpMs, true),
    timingRow(section, "FCP", o.fcpMs, b.fcpMs, false),
    timingRow(section, "TBT", o.tbtMs, b.tbtMs, true),
    ...(oursStatic ? transportRows(section, oursStatic, bare) : []),
    {
      section,
      figure: "Font requests seen by Lighthouse",
      ours: count(o.fontRequests),
      baseline: `bare ${count(b.fontRequests)}`,
      ratio: "",
      goal: "",
      status: "info",
    },
  ];
}

/** Our exact bytes behind the bare page's gzip static server: what transport alone changes. */
function transportRows(
  section: string,
  summary: LighthouseSummary,
  bare: LighthouseSummary,
): ReportRow[] {
  const figure = (label: string, a: number, z: number) =>
    timingRow(section, `  ${label}, our page via gzip static server (diagnostic)`, a, z, false);
  return [
    {
      section,
      figure: "  Performance, our page via gzip static server (diagnostic)",
      ours: count(summary.median.scores.performance),
      baseline: `bare ${count(bare.median.scores.performance)}`,
      ratio: "",
      goal: "",
      status: "info",
    },
    figure("LCP", summary.median.lcpMs, bare.median.lcpMs),
    figure("FCP", summary.median.fcpMs, bare.median.fcpMs),
    figure("TBT", summary.median.tbtMs, bare.median.tbtMs),
  ];
}
