import { BOOKING_VIEW_ID, type BookingView } from "@consultant/site-content/wire";
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { escapeHtml } from "../lib/escape-html.ts";
import { BookingApp, headingOf } from "./booking-app.tsx";

const APP_PLACEHOLDER = "<!--booking-html-->";
const TITLE_PLACEHOLDER = "<!--booking-title-->";
const VIEW_PLACEHOLDER = "<!--booking-view-->";

/** JSON safe inside a `<script>` element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/**
 * The booking page's document (the store calls it with each view): the view rendered into
 * `booking.html`, and embedded for the page's script to take over.
 */
export function renderBookingPage(template: string, view: BookingView): string {
  const html = renderToString(
    <StrictMode>
      <BookingApp view={view} />
    </StrictMode>,
  );
  const data = `<script id="${BOOKING_VIEW_ID}" type="application/json">${scriptJson(view)}</script>`;
  return template
    .replace(TITLE_PLACEHOLDER, () => escapeHtml(headingOf(view)))
    .replace(APP_PLACEHOLDER, () => html)
    .replace(VIEW_PLACEHOLDER, () => data);
}
