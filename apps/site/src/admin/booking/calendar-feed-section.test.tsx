import { render, screen } from "@testing-library/react";
import { expect, test } from "vitest";
import { Announcer } from "../../components/ui/announcer.tsx";
import { storePerTest } from "../test-helpers/store-per-test.ts";
import { createBookingApi } from "./booking-api.ts";
import { CalendarFeedSection } from "./calendar-feed-section.tsx";

const startStore = storePerTest();

test("the address field waits for the saved calendar, so nothing typed early is overwritten by it", async () => {
  const store = await startStore({}, { startMs: Date.now() });
  const booking = createBookingApi(store.api);
  await booking.saveFeed("http://127.0.0.1:9/owner.ics");
  render(
    <Announcer>
      <CalendarFeedSection booking={booking} />
    </Announcer>,
  );
  expect(screen.getByText("Loading your calendar…")).toBeTruthy();
  expect(screen.queryByLabelText("Calendar address (ICS)")).toBeNull();
  const field = (await screen.findByLabelText("Calendar address (ICS)")) as HTMLInputElement;
  expect(field.value).toBe("http://127.0.0.1:9/owner.ics");
  expect(screen.queryByText("Loading your calendar…")).toBeNull();
});
