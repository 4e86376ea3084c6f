/**
 * @module The client area's page (`/members/client-area`), in the members' pages' frame and
 * look: the greeting by name, the resources shared with the member (new ones marked), how to
 * reach the owner, the files shared with them (download) and sending one to the owner (a form
 * that works without JavaScript; with it, the page's script sends the bytes and says what
 * went wrong in place; docs/members.md).
 */
import type { MemberBooking, MemberFile, MemberFiles } from "@consultant/site-content/wire";
import { type Html, html, page } from "../../platform/pages/html.ts";
import type { OwnerContact, SharedResource } from "./client-area-data.ts";
import { bookingsSection } from "./client-bookings-view.ts";

export const CLIENT_AREA_SCRIPT_PATH = "/members/assets/client-area.js";

export type ClientAreaView = {
  name: string | null;
  email: string;
  csrf: string;
  resources: readonly SharedResource[];
  contact: OwnerContact;
  /** Null when the store keeps no files (no files directory). */
  files: MemberFiles | null;
  bookings: readonly MemberBooking[];
  now: number;
  notice?: string;
  alert?: string;
};

// Made for the first page that shows a day, not at start: a formatter pages in ICU's date data.
let dayFormat: Intl.DateTimeFormat | undefined;
const day = (ms: number) => {
  dayFormat ??= new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "UTC" });
  return html`<time datetime="${new Date(ms).toISOString()}">${dayFormat.format(ms)}</time>`;
};

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

function resourceCard(resource: SharedResource): Html {
  return html`<li>
<h3>${resource.title || "Untitled resource"}${resource.isNew ? html` <span class="badge">New</span>` : ""}</h3>
${resource.text ? html`<p class="keep-lines">${resource.text}</p>` : ""}
${
  resource.href
    ? html`<a href="${resource.href}" target="_blank" rel="noopener noreferrer">${resource.url}<span class="sr-only"> (opens in a new tab)</span></a>`
    : resource.url
      ? html`<p>${resource.url}</p>`
      : ""
}
</li>`;
}

function resourcesSection(resources: readonly SharedResource[]): Html {
  const fresh = resources.filter((resource) => resource.isNew).length;
  return html`<section aria-labelledby="resources-heading">
<h2 id="resources-heading">Your resources</h2>
${
  resources.length === 0
    ? html`<p>Nothing is shared with you yet.</p>`
    : html`<p>${fresh === 0 ? "Nothing new since your last visit." : `${fresh} new since your last visit.`}</p>
<ul class="cards" aria-label="Resources shared with you">${resources.map(resourceCard)}</ul>`
}
</section>`;
}

function contactSection(contact: OwnerContact): Html | string {
  if (contact.email === null && contact.phone === null && contact.bookingUrl === null) return "";
  return html`<section aria-labelledby="contact-heading">
<h2 id="contact-heading">${contact.name ? `Reach ${contact.name}` : "Reach your consultant"}</h2>
<ul class="plain">
${contact.email ? html`<li><a href="mailto:${contact.email}">${contact.email}</a></li>` : ""}
${contact.phone ? html`<li><a href="${contact.phone.href}">${contact.phone.label}</a></li>` : ""}
${contact.bookingUrl ? html`<li><a href="${contact.bookingUrl}" target="_blank" rel="noopener noreferrer">Book a call<span class="sr-only"> (opens in a new tab)</span></a></li>` : ""}
</ul>
</section>`;
}

function fileRow(csrf: string, file: MemberFile): Html {
  const href = `/members/client-area/files/${encodeURIComponent(file.id)}?csrf=${encodeURIComponent(csrf)}`;
  return html`<li><span><strong>${file.name}</strong>${file.new && !file.expired ? html` <span class="badge">New</span>` : ""}<br>
${formatSize(file.size)} · shared ${day(file.sharedAt)}${file.expiresAt === null ? "" : html` · ${file.expired ? "expired" : "available until"} ${day(file.expiresAt)}`}
${file.note ? html`<br><span class="keep-lines">${file.note}</span>` : ""}</span>
${file.expired ? html`<span>Expired</span>` : html`<a class="button secondary" href="${href}">Download<span class="sr-only"> ${file.name}</span></a>`}
</li>`;
}

function filesSection(csrf: string, files: MemberFiles): Html {
  const folders = new Map<string, MemberFile[]>();
  for (const file of files.files)
    folders.set(file.folder, [...(folders.get(file.folder) ?? []), file]);
  const grouped = [...folders.entries()].sort(([a], [b]) => a.localeCompare(b));
  return html`<section aria-labelledby="files-heading">
<h2 id="files-heading">Your files</h2>
${files.files.length === 0 ? html`<p>No file is shared with you yet.</p>` : ""}
${grouped.map(
  ([folder, list]) => html`${folder ? html`<h3>${folder}</h3>` : ""}
<ul class="rows" aria-label="${folder || "Files shared with you"}">${list.map((file) => fileRow(csrf, file))}</ul>`,
)}
<form method="post" action="/members/client-area/send" enctype="multipart/form-data" id="send-file" data-csrf="${csrf}">
<input type="hidden" name="csrf" value="${csrf}">
<div class="field">
<label for="file">Send a file to the owner</label>
<p class="hint" id="file-hint">A PDF, Office document, picture or archive of at most ${formatSize(files.maxBytes)}.</p>
<input type="file" id="file" name="file" aria-describedby="file-hint" required>
</div>
<button type="submit">Send</button>
</form>
${
  files.uploads.length === 0
    ? ""
    : html`<ul class="plain" aria-label="Files you sent">${files.uploads.map(
        (upload) =>
          html`<li>You sent ${upload.name} (${formatSize(upload.size)}) on ${day(upload.createdAt)}</li>`,
      )}</ul>`
}
</section>`;
}

export function clientAreaPage(view: ClientAreaView): string {
  return page({
    title: view.name === null ? "Your client area" : `Welcome, ${view.name}`,
    wide: true,
    script: CLIENT_AREA_SCRIPT_PATH,
    body: html`${view.alert === undefined ? "" : html`<p class="alert" role="alert">${view.alert}</p>`}
${view.notice === undefined ? "" : html`<p class="notice" role="status">${view.notice}</p>`}
<p>Signed in as <strong>${view.email}</strong> · <a href="/members/account">Your account</a></p>
${resourcesSection(view.resources)}
${bookingsSection(view.bookings, view.now)}
${contactSection(view.contact)}
${view.files === null ? "" : filesSection(view.csrf, view.files)}`,
  });
}
