import { useCallback, useEffect, useId, useMemo, useState } from "react";
import { Notice } from "../../components/ui/notice.tsx";
import type { EditorApi } from "../api/editor-api.ts";
import { errorMessage } from "../api/store-errors.ts";
import { AgendaSection } from "./agenda-section.tsx";
import { AvailabilitySection } from "./availability-section.tsx";
import {
  type BookingApi,
  createBookingApi,
  type PolicyForm,
  type Schedule,
  type ServiceForm,
} from "./booking-api.ts";
import { CalendarFeedSection } from "./calendar-feed-section.tsx";
import { PolicySection } from "./policy-section.tsx";
import { ServicesSection } from "./services-section.tsx";

const PARTS = [
  ["booking-agenda", "Agenda"],
  ["booking-services", "Services"],
  ["booking-availability", "Availability"],
  ["booking-policies", "Rules"],
  ["booking-calendar", "Your calendar"],
] as const;

const BLANK_SCHEDULE: Schedule = {
  timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC",
  weekly: [],
  overrides: [],
};

type Loaded = { services: ServiceForm[]; schedule: Schedule | null; policy: PolicyForm | null };

async function loadAll(booking: BookingApi): Promise<Loaded> {
  const [services, schedule] = await Promise.all([booking.services(), booking.schedule()]);
  const policyId = services[0]?.policyId;
  const policy = policyId ? await booking.policy(policyId) : null;
  return { services, schedule, policy };
}

/** The owner's Booking area (`/admin#booking`): agenda, services, hours, rules, own calendar. */
export function BookingPanel({ api, active }: { api: EditorApi; active: boolean }) {
  const booking = useMemo(() => createBookingApi(api), [api]);
  const heading = useId();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [problem, setProblem] = useState("");

  const load = useCallback(() => {
    loadAll(booking).then(
      (found) => {
        setLoaded(found);
        setProblem("");
      },
      (error: unknown) => setProblem(errorMessage(error)),
    );
  }, [booking]);

  useEffect(() => {
    if (active) load();
  }, [active, load]);

  if (!active) return null;
  const schedule = loaded?.schedule ?? BLANK_SCHEDULE;
  return (
    <section
      id="booking-area"
      aria-labelledby={heading}
      className="flex flex-col gap-6 px-4 py-6 sm:px-8"
    >
      <div>
        <h2 id={heading} className="font-serif text-2xl font-semibold">
          Booking
        </h2>
        <p className="mt-1 text-muted">
          Visitors book a time with you on the site. Here you see their bookings and set what they
          can book and when.
        </p>
        <nav aria-label="Booking" className="mt-3">
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
            {PARTS.map(([id, label]) => (
              <li key={id}>
                <a
                  className="font-semibold text-accent-strong underline underline-offset-4"
                  href={`#booking/${id}-heading`}
                >
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      {problem ? <Notice tone="error">{problem}</Notice> : null}
      {loaded === null && !problem ? <p>Loading booking…</p> : null}
      {loaded ? (
        <>
          <AgendaSection booking={booking} zone={schedule.timeZone} />
          <ServicesSection
            booking={booking}
            services={loaded.services}
            policyId={loaded.policy?.id ?? ""}
            onChanged={load}
          />
          <AvailabilitySection
            key={JSON.stringify(loaded.schedule)}
            booking={booking}
            schedule={schedule}
            onSaved={(saved) => setLoaded((now) => (now ? { ...now, schedule: saved } : now))}
          />
          {loaded.policy ? (
            <PolicySection key={loaded.policy.revision} booking={booking} policy={loaded.policy} />
          ) : null}
          <CalendarFeedSection booking={booking} />
        </>
      ) : null}
    </section>
  );
}
