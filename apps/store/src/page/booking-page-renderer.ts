/**
 * @module The built site's booking page (architecture.md, "Site and store"): the server entry's
 * `renderBookingPage(template, view)` over `client/booking.html`, with the CSP its template's
 * inline styles and theme script need. Handed to the booking wing by main/app.ts; a build
 * without it gives null, and the booking pages then answer their views as JSON.
 */
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { BookingView } from "@consultant/site-content/wire";
import { pageContentSecurityPolicy } from "./site-plugin.ts";

export type BookingPageRenderer = { render(view: BookingView): string; policy: string };

type RenderBookingPage = (template: string, view: BookingView) => string;

export async function loadBookingPageRenderer(dir: string): Promise<BookingPageRenderer | null> {
  const entry = join(dir, "server", "entry-server.js");
  const templateFile = join(dir, "client", "booking.html");
  if (!existsSync(entry) || !existsSync(templateFile)) return null;
  const loaded = (await import(pathToFileURL(entry).href)) as { renderBookingPage?: unknown };
  if (typeof loaded.renderBookingPage !== "function") return null;
  const render = loaded.renderBookingPage as RenderBookingPage;
  const template = await readFile(templateFile, "utf8");
  return { render: (view) => render(template, view), policy: pageContentSecurityPolicy(template) };
}
