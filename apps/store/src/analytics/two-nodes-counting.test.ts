/**
 * Two store nodes on one PostgreSQL schema counting the same visitors at once: the visitor-day
 * and funnel claims are rows, so neither node counts what the other counted.
 */
import type { AnalyticsReport } from "@consultant/site-content/wire";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { sendBeacon } from "../main/test-kit/analytics-kit.ts";
import { setOwnerPassword, signInOwner } from "../main/test-kit/owner-signed-in.ts";
import {
  clusterTitle,
  NO_POSTGRES,
  openTwoApps,
  type TwoApps,
} from "../main/test-kit/two-nodes.ts";

let cluster: TwoApps;
beforeEach(() => {
  if (NO_POSTGRES === null) cluster = openTwoApps();
});
afterEach(async () => {
  if (NO_POSTGRES === null) await cluster.close();
});

const view = { k: "v", p: "/", r: "https://www.linkedin.com/", z: "Europe/Berlin", g: "en" };

describe.skipIf(NO_POSTGRES !== null)(clusterTitle("two nodes count into one database"), () => {
  test("a visitor seen by both nodes at once is one visitor; every view counts once", async () => {
    const [one, two] = cluster.nodes;
    const visitors = ["198.51.100.1", "198.51.100.2", "198.51.100.3", "198.51.100.4"];
    await Promise.all(
      visitors.flatMap((ip) => [
        sendBeacon(one, view, { ip }),
        sendBeacon(two, view, { ip }),
        sendBeacon(one, view, { ip }),
      ]),
    );
    two.analytics.flush();
    await setOwnerPassword(cluster.dbs[0]);
    const owner = await signInOwner(one);
    const response = await one.inject({
      method: "GET",
      url: "/admin/api/analytics/report?range=today",
      headers: { cookie: owner.cookie },
    });
    const figures = response.json() as AnalyticsReport;
    expect(figures.totals).toMatchObject({ visitors: 4, views: 12 });
    expect(figures.breakdowns.referrers).toEqual([{ name: "linkedin.com", count: 4 }]);
    expect(figures.funnel.total.visitors).toBe(4);
  });
});
