import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { expect, test } from "vitest";
import { Announcer } from "../../components/ui/announcer.tsx";
import type { StaffRole } from "../api/editor-api.ts";
import { storePerTest } from "../test-helpers/store-per-test.ts";
import { createAnalyticsApi } from "./analytics-api.ts";
import { AnalyticsPanel } from "./analytics-panel.tsx";

const startStore = storePerTest();
// Noon on 2 March 2026 in the owner's zone (UTC: no booking schedule yet).
const NOON = Date.UTC(2026, 2, 2, 12);

async function renderPanel(role: StaffRole = "owner") {
  const store = await startStore({}, { startMs: NOON });
  render(
    <Announcer>
      <AnalyticsPanel api={store.api} role={role} active />
    </Announcer>,
  );
  return store;
}

function period(): HTMLElement {
  return screen.getByText(/, compared with /);
}

test("the last 30 days show first, against the 30 days before; each range asks the store for its days", async () => {
  await renderPanel();
  await waitFor(() =>
    expect(period().textContent).toBe(
      "Feb 1, 2026 – Mar 2, 2026, compared with the 30 days before (Jan 2, 2026 – Jan 31, 2026).",
    ),
  );
  const figures = screen.getAllByRole("definition");
  expect(figures.map((figure) => figure.textContent).slice(0, 2)).toEqual([
    "0",
    "→ no change on the 30 days before (0)",
  ]);

  fireEvent.click(screen.getByRole("button", { name: "7 days" }));
  await waitFor(() =>
    expect(period().textContent).toBe(
      "Feb 24, 2026 – Mar 2, 2026, compared with the 7 days before (Feb 17, 2026 – Feb 23, 2026).",
    ),
  );
  expect(screen.getByRole("button", { name: "7 days" }).getAttribute("aria-pressed")).toBe("true");

  fireEvent.click(screen.getByRole("button", { name: "Today" }));
  await waitFor(() =>
    expect(period().textContent).toBe("Mar 2, 2026, compared with yesterday (Mar 1, 2026)."),
  );
  const byHour = screen.getByRole("table", { name: "Visitors and page views by hour" });
  expect(within(byHour).getAllByRole("row")).toHaveLength(25);
});

test("custom dates are checked before the store is asked, then shown and downloadable", async () => {
  const store = await renderPanel();
  await waitFor(() => period());
  fireEvent.click(screen.getByRole("button", { name: "Custom dates" }));
  // The form starts at the last 7 days of the owner's calendar.
  expect((screen.getByLabelText("First day") as HTMLInputElement).value).toBe("2026-02-24");
  expect((screen.getByLabelText("Last day") as HTMLInputElement).value).toBe("2026-03-02");
  fireEvent.change(screen.getByLabelText("First day"), { target: { value: "2026-02-20" } });
  fireEvent.change(screen.getByLabelText("Last day"), { target: { value: "2026-02-10" } });
  const asked = store.sent.length;
  fireEvent.click(screen.getByRole("button", { name: "Show these days" }));
  expect(screen.getByLabelText("Last day").getAttribute("aria-invalid")).toBe("true");
  expect(screen.getByText("The first day must come before the last day.")).toBeTruthy();
  expect(store.sent.length).toBe(asked);

  fireEvent.change(screen.getByLabelText("Last day"), { target: { value: "2026-02-26" } });
  fireEvent.click(screen.getByRole("button", { name: "Show these days" }));
  await waitFor(() =>
    expect(period().textContent).toBe(
      "Feb 20, 2026 – Feb 26, 2026, compared with the same number of days before (Feb 13, 2026 – Feb 19, 2026).",
    ),
  );
  const byDay = screen.getByRole("table", { name: "Visitors and page views by day" });
  expect(within(byDay).getAllByRole("row")).toHaveLength(8);

  const download = screen.getByRole("link", { name: "Download the daily figures (CSV)" });
  const href = download.getAttribute("href") ?? "";
  expect(href).toBe("/admin/api/analytics/daily.csv?range=custom&from=2026-02-20&to=2026-02-26");
  const csv = await store.api.sessionFetch(href);
  expect(csv.status).toBe(200);
  expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
});

test("every chart has its figures as a table, and the funnel says its steps in words", async () => {
  await renderPanel();
  await waitFor(() => period());
  const funnel = screen.getByRole("table", { name: "Visitors at each step" });
  expect(
    within(funnel)
      .getAllByRole("rowheader")
      .map((cell) => cell.textContent),
  ).toEqual(["Visited", "Went to book", "Booked"]);
  expect(
    screen.getByText(
      "0 visited, 0 went to book (the booking page or link: –), 0 booked (– of the visitors).",
    ),
  ).toBeTruthy();
  expect(screen.getByRole("heading", { name: "How we count" })).toBeTruthy();
  expect(screen.getByText(/Days begin at midnight in UTC/)).toBeTruthy();
});

test("the owner keeps visits' details for the days they choose; a collaborator only reads how long", async () => {
  const store = await renderPanel();
  const days = await screen.findByLabelText("Keep each visit's details for (days)");
  expect((days as HTMLInputElement).value).toBe("30");
  fireEvent.change(days, { target: { value: "0" } });
  fireEvent.click(screen.getByRole("button", { name: "Save" }));
  expect(screen.getByText("Enter a whole number of days, 1 or more.")).toBeTruthy();
  fireEvent.change(days, { target: { value: "90" } });
  fireEvent.click(screen.getByRole("button", { name: "Save" }));
  await screen.findByText(/kept for 90 days; after that/);
  expect((await createAnalyticsApi(store.api).settings()).retentionDays).toBe(90);
  cleanup();

  await renderPanel("editor");
  await screen.findByText(/kept for 30 days; after that/);
  expect(screen.queryByRole("button", { name: "Save" })).toBeNull();
});
