import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { expect, test } from "vitest";
import { Announcer } from "../../components/ui/announcer.tsx";
import type { StoreInProcess } from "../test-helpers/store-in-process.ts";
import { storePerTest } from "../test-helpers/store-per-test.ts";
import { createBookingApi } from "./booking-api.ts";
import { BookingPanel } from "./booking-panel.tsx";
import { BLANK_SERVICE } from "./service-form.tsx";

const startStore = storePerTest();

/** The store with a Berlin schedule (weekdays 09:00-17:00), a policy and one service. */
async function renderPanel(): Promise<StoreInProcess> {
  const store = await startStore({}, { startMs: Date.now() });
  const booking = createBookingApi(store.api);
  await booking.saveSchedule({
    timeZone: "Europe/Berlin",
    weekly: ["MON", "TUE", "WED", "THU", "FRI"].map((day) => ({
      day,
      start: "09:00",
      end: "17:00",
    })),
    overrides: [],
  });
  const policy = await store.api.call<{ bookingPolicy: { id: string } }>({
    method: "POST",
    path: "/bookings/v1/booking-policies",
    body: { bookingPolicy: { name: "Rules" } },
  });
  await booking.createService({
    ...BLANK_SERVICE,
    name: "Introductory call",
    policyId: policy.bookingPolicy.id,
  });
  render(
    <Announcer>
      <BookingPanel api={store.api} active />
    </Announcer>,
  );
  await screen.findByRole("heading", { name: "Rules" });
  return store;
}

const savedSchedule = (store: StoreInProcess) => createBookingApi(store.api).schedule();

test("hours that end before they start are marked beside their day; nothing is saved or lost, and fixed they are", async () => {
  const store = await renderPanel();
  fireEvent.click(screen.getByRole("button", { name: "Add hours to Sunday" }));
  fireEvent.change(screen.getByLabelText("Sunday, stretch 1, from"), {
    target: { value: "12:00" },
  });
  fireEvent.change(screen.getByLabelText("Sunday, stretch 1, until"), {
    target: { value: "10:00" },
  });
  fireEvent.click(screen.getByRole("button", { name: "Save availability" }));

  const until = screen.getByLabelText("Sunday, stretch 1, until") as HTMLInputElement;
  await waitFor(() => expect(until.getAttribute("aria-invalid")).toBe("true"));
  const error = document.getElementById(until.getAttribute("aria-describedby") ?? "");
  expect(error?.textContent).toBe("Each stretch must end after it starts.");
  expect(until.value).toBe("10:00");
  expect((await savedSchedule(store))?.weekly.some((entry) => entry.day === "SUN")).toBe(false);

  fireEvent.change(until, { target: { value: "15:00" } });
  fireEvent.click(screen.getByRole("button", { name: "Save availability" }));
  await waitFor(async () =>
    expect((await savedSchedule(store))?.weekly.filter((entry) => entry.day === "SUN")).toEqual([
      { day: "SUN", start: "12:00", end: "15:00" },
    ]),
  );
});

test("a service name the store refuses is marked beside the name, and what was typed stays", async () => {
  await renderPanel();
  const services = screen.getByRole("list", { name: "Services" });
  fireEvent.click(services.querySelector("summary") as HTMLElement);
  const name = within(services).getByLabelText("Name") as HTMLInputElement;
  const long = "A".repeat(401);
  fireEvent.change(name, { target: { value: long } });
  fireEvent.click(within(services).getByRole("button", { name: "Save service" }));

  await waitFor(() => expect(name.getAttribute("aria-invalid")).toBe("true"));
  expect(document.getElementById(`${name.id}-error`)?.textContent).toBe(
    "must be at most 400 characters",
  );
  expect(name.value).toBe(long);
});

test("the rules: hours that are not a number are refused beside the field; saved ones come back", async () => {
  const store = await renderPanel();
  const notice = screen.getByLabelText("Minimum notice (hours)") as HTMLInputElement;
  fireEvent.change(notice, { target: { value: "a day" } });
  fireEvent.click(screen.getByRole("button", { name: "Save rules" }));
  await waitFor(() => expect(notice.getAttribute("aria-invalid")).toBe("true"));

  fireEvent.change(notice, { target: { value: "48" } });
  fireEvent.change(screen.getByLabelText("Moves per booking, at most"), { target: { value: "" } });
  fireEvent.click(screen.getByRole("button", { name: "Save rules" }));
  await waitFor(async () => {
    const [service] = await createBookingApi(store.api).services();
    const policy = await createBookingApi(store.api).policy(service?.policyId ?? "");
    expect([policy.minimumNoticeHours, policy.maxReschedules]).toEqual([48, null]);
  });
});
