import { BOOKING_VIEW_ID, type BookingView } from "@consultant/site-content/wire";
import { StrictMode, useEffect, useMemo, useState } from "react";
import { hydrateRoot } from "react-dom/client";
import { startAnalyticsWhenLoaded } from "../lib/start-analytics.ts";
import { BookingApp, headingOf } from "./booking-app.tsx";
import { browserNavigation, NavigationContext } from "./booking-navigation.ts";
import { detectedZoneAddress } from "./detect-zone.ts";
import "./booking.css";

/** The booking page in the browser: the server's view, then the next ones without reloads. */
function BrowserBooking({ first }: { first: BookingView }) {
  const [view, setView] = useState(first);
  const navigation = useMemo(() => browserNavigation(setView), []);
  useEffect(() => {
    const back = (event: PopStateEvent) => {
      const state = event.state as { view?: BookingView } | null;
      if (state?.view) setView(state.view);
      else window.location.reload();
    };
    window.addEventListener("popstate", back);
    return () => window.removeEventListener("popstate", back);
  }, []);
  useEffect(() => {
    document.title = headingOf(view);
  }, [view]);
  // The visitor's own zone, unless they chose one: the times again in it.
  useEffect(() => {
    const address = detectedZoneAddress(first, window.location.href);
    if (address !== null) void navigation.go(address, true);
  }, [first, navigation]);
  return (
    <NavigationContext.Provider value={navigation}>
      <BookingApp view={view} />
    </NavigationContext.Provider>
  );
}

const data = document.getElementById(BOOKING_VIEW_ID)?.textContent;
const root = document.getElementById("booking-root");
if (data && root) {
  const view = JSON.parse(data) as BookingView;
  window.history.replaceState({ view }, "");
  hydrateRoot(
    root,
    <StrictMode>
      <BrowserBooking first={view} />
    </StrictMode>,
  );
}

// The booking page is a page of the site: its views count as the home page's do.
startAnalyticsWhenLoaded();
