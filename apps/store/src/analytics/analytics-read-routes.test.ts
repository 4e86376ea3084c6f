import type { AnalyticsReport, AnalyticsSettings } from "@consultant/site-content/wire";
import { afterEach, describe, expect, test } from "vitest";
import { signedInCollaborator, staffGet } from "../main/test-kit/analytics-kit.ts";
import { createOwnerKit, type OwnerKit } from "../main/test-kit/owner-signed-in.ts";

let kit: OwnerKit;
afterEach(() => kit.app.close());

const codeOf = (response: { json: () => unknown }) =>
  (response.json() as { details: { applicationError?: { code: string } } }).details.applicationError
    ?.code;

describe("the dashboard's read routes", () => {
  test("the owner and a collaborator read the report; nobody signed in is refused", async () => {
    kit = await createOwnerKit();
    const owner = await kit.signedIn();
    const collaborator = await signedInCollaborator(kit);
    for (const who of [owner, collaborator]) {
      const response = await staffGet(kit, "/admin/api/analytics/report?range=7d", who);
      expect(response.statusCode).toBe(200);
      const report = response.json() as AnalyticsReport;
      expect(report).toMatchObject({
        zone: "UTC",
        range: "7d",
        period: { from: "2025-02-23", to: "2025-03-01" },
        previousPeriod: { from: "2025-02-16", to: "2025-02-22" },
      });
      expect(report.series).toHaveLength(7);
    }
    for (const url of [
      "/admin/api/analytics/report",
      "/admin/api/analytics/live",
      "/admin/api/analytics/daily.csv",
      "/admin/api/analytics/settings",
    ]) {
      const response = await staffGet(kit, url, null);
      expect(response.statusCode).toBe(401);
      expect(codeOf(response)).toBe("OWNER_SIGN_IN_REQUIRED");
    }
  });

  test("a range the dashboard cannot answer is a 400 naming its field", async () => {
    kit = await createOwnerKit();
    const owner = await kit.signedIn();
    for (const [query, field] of [
      ["range=week", "range"],
      ["range=custom&from=2025-02-30&to=2025-03-01", "from"],
      ["range=custom&from=2025-03-01&to=2025-02-01", "to"],
      ["range=custom&from=2023-01-01&to=2025-01-01", "to"],
    ] as const) {
      const response = await staffGet(kit, `/admin/api/analytics/report?${query}`, owner);
      expect(response.statusCode).toBe(400);
      expect(JSON.stringify(response.json())).toContain(`"field":"${field}"`);
    }
  });

  test("only the owner changes how long raw events are kept", async () => {
    kit = await createOwnerKit();
    const owner = await kit.signedIn();
    const collaborator = await signedInCollaborator(kit);
    const put = (who: typeof owner, retentionDays: unknown) =>
      kit.asOwner(who, {
        method: "PUT",
        url: "/admin/api/analytics/settings",
        payload: { retentionDays },
      });
    expect(codeOf(await put(collaborator, 10))).toBe("OWNER_ROLE_REQUIRED");
    expect((await put(owner, 0)).statusCode).toBe(400);
    expect((await put(owner, 366)).statusCode).toBe(400);
    const changed = await put(owner, 10);
    expect(changed.json()).toEqual({
      retentionDays: 10,
      timeZone: "UTC",
    } satisfies AnalyticsSettings);
    const read = await staffGet(kit, "/admin/api/analytics/settings", collaborator);
    expect((read.json() as AnalyticsSettings).retentionDays).toBe(10);
  });
});
