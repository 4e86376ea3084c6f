import type { BookingView } from "@consultant/site-content/wire";
import { buttonVariants } from "../components/ui/button.tsx";
import { BookedView } from "./booked-view.tsx";
import { BookingFrame } from "./booking-frame.tsx";
import { ManageView } from "./manage-view.tsx";
import { PickView } from "./pick-view.tsx";
import { ServiceFacts } from "./service-facts.tsx";

/** The heading of a view: also the document's title. */
export function headingOf(view: BookingView): string {
  const { words } = view;
  switch (view.kind) {
    case "services":
    case "pick":
      return words.BookHeading;
    case "booked":
      return view.booking.status === "PENDING"
        ? words.BookPendingHeading
        : words.BookConfirmedHeading;
    case "manage":
      return words.BookManageHeading;
    case "message":
      return view.heading;
  }
}

function Content({ view }: { view: BookingView }) {
  switch (view.kind) {
    case "services":
      return (
        <section aria-labelledby="booking-services" className="flex flex-col gap-4">
          <h2 id="booking-services" className="font-serif text-2xl font-semibold text-ink">
            {view.words.BookServicesHeading}
          </h2>
          <ul className="flex flex-col gap-4">
            {view.services.map((service) => (
              <li key={service.id}>
                <ServiceFacts service={service} words={view.words} as="h3">
                  <a
                    href={`/book?${new URLSearchParams({ service: service.id })}`}
                    className={buttonVariants({ className: "mt-4 self-start" })}
                  >
                    {view.words.BookChooseService}
                    <span className="sr-only">: {service.name}</span>
                  </a>
                </ServiceFacts>
              </li>
            ))}
          </ul>
        </section>
      );
    case "pick":
      return <PickView view={view} />;
    case "booked":
      return <BookedView view={view} />;
    case "manage":
      return <ManageView view={view} />;
    case "message":
      return <p className="text-lg text-ink">{view.text}</p>;
  }
}

/** The booking pages: one view of the store's, in the site's frame. */
export function BookingApp({ view }: { view: BookingView }) {
  return (
    <BookingFrame brand={view.brand} words={view.words} heading={headingOf(view)}>
      <Content view={view} />
    </BookingFrame>
  );
}
