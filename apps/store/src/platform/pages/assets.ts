/**
 * @module The members' pages' stylesheet and the `web_message` script, served as files (a
 * strict CSP allows no inline script or style). Kept as modules so a build to JavaScript
 * carries them without copying assets; the palette is the site's own theme files, read at start.
 */
import { siteThemeCss } from "./site-theme.ts";

/** The members' pages in the site's look: its palette and fonts, its type, and the kit's shapes. */
export const MEMBERS_CSS = `${siteThemeCss()}
:root {
  font-family: var(--font-sans);
  line-height: 1.5;
}
* {
  box-sizing: border-box;
}
body {
  margin: 0;
  min-height: 100vh;
  display: flex;
  flex-direction: column;
  background: var(--color-paper);
  color: var(--color-ink);
}
.site-header {
  border-bottom: 1px solid var(--color-line);
  background: var(--color-surface);
}
.site-header nav {
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 0.5rem 1.5rem;
  max-width: 48rem;
  margin: 0 auto;
  padding: 0.75rem 1.25rem;
}
.site-name {
  display: inline-flex;
  align-items: center;
  gap: 0.75rem;
  font-family: var(--font-serif);
  font-size: 1.125rem;
  font-weight: 600;
  color: var(--color-ink);
  text-decoration: none;
}
.site-name img {
  width: 2rem;
  height: 2rem;
  object-fit: contain;
}
.site-name .logo-dark {
  display: none;
}
:root[data-theme="dark"] .site-name .logo-dark {
  display: block;
}
:root[data-theme="dark"] .site-name .logo-light {
  display: none;
}
@media (prefers-color-scheme: dark) {
  :root:not([data-theme="light"]) .site-name .logo-dark {
    display: block;
  }
  :root:not([data-theme="light"]) .site-name .logo-light {
    display: none;
  }
}
.site-links {
  display: flex;
  flex-wrap: wrap;
  gap: 0.25rem 1.25rem;
  margin: 0;
  padding: 0;
  list-style: none;
  font-size: 0.875rem;
  font-weight: 600;
}
.card {
  width: min(30rem, 100% - 2rem);
  margin: 2.5rem auto;
  padding: 2rem;
  background: var(--color-surface);
  border: 1px solid var(--color-line);
  border-radius: 1rem;
  box-shadow: 0 1px 2px rgb(27 36 34 / 0.04), 0 8px 24px -12px rgb(27 36 34 / 0.12);
}
@media (max-width: 30rem) {
  .card {
    padding: 1.25rem;
  }
}
h1 {
  margin-top: 0;
  font-family: var(--font-serif);
  font-size: 1.75rem;
  font-weight: 600;
  letter-spacing: -0.01em;
}
.field {
  margin-bottom: 1.25rem;
}
label {
  display: block;
  font-size: 0.875rem;
  font-weight: 600;
  margin-bottom: 0.375rem;
}
.check label {
  display: inline;
  font-weight: 400;
}
input[type="text"],
input[type="email"],
input[type="password"],
textarea {
  width: 100%;
  height: 2.75rem;
  padding: 0 0.75rem;
  font: inherit;
  color: var(--color-ink);
  background: var(--color-surface);
  border: 1px solid var(--color-line-strong);
  border-radius: 0.5rem;
}
input[aria-invalid="true"] {
  border-color: var(--color-danger);
}
.contact-trap {
  position: absolute;
  left: -10000px;
  width: 1px;
  height: 1px;
  overflow: hidden;
}
button {
  font: inherit;
  font-size: 0.875rem;
  font-weight: 600;
  min-height: 2.75rem;
  padding: 0 1.25rem;
  border: 1px solid transparent;
  border-radius: 9999px;
  background: var(--color-accent);
  color: var(--color-on-accent);
  cursor: pointer;
}
button:hover {
  background: var(--color-accent-strong);
}
button.secondary {
  background: var(--color-surface);
  color: var(--color-ink);
  border-color: var(--color-line-strong);
}
button.secondary:hover {
  border-color: var(--color-accent);
  background: var(--color-accent-soft);
}
a {
  color: var(--color-accent);
  text-underline-offset: 4px;
}
.site-name:hover,
a:hover {
  color: var(--color-accent-strong);
}
:focus-visible {
  outline: 3px solid var(--color-accent);
  outline-offset: 2px;
}
.hint {
  margin: 0 0 0.375rem;
  color: var(--color-muted);
  font-size: 0.875rem;
}
.error {
  margin: 0.375rem 0 0;
  color: var(--color-danger);
  font-size: 0.875rem;
  font-weight: 600;
}
.alert {
  padding: 0.75rem 1rem;
  border-radius: 0.5rem;
  background: var(--color-danger-soft);
  color: var(--color-danger);
  font-weight: 600;
}
.notice {
  padding: 0.75rem 1rem;
  border-radius: 0.5rem;
  background: var(--color-accent-soft);
}
.links {
  display: flex;
  flex-wrap: wrap;
  gap: 1rem;
  margin-top: 1.5rem;
}
.qr svg {
  width: 12rem;
  height: 12rem;
  background: #fff;
}
.key,
.codes {
  font-family: ui-monospace, SFMono-Regular, Menlo, monospace;
  word-break: break-all;
}
.codes {
  columns: 2;
  padding-left: 1.25rem;
}
form + form {
  margin-top: 1rem;
}
.card.wide {
  width: min(48rem, 100% - 2rem);
}
main section {
  margin-top: 2rem;
  padding-top: 1.5rem;
  border-top: 1px solid var(--color-line);
}
h2 {
  margin: 0 0 0.75rem;
  font-family: var(--font-serif);
  font-size: 1.25rem;
  font-weight: 600;
}
h3 {
  margin: 1.5rem 0 0.5rem;
  font-size: 1rem;
}
.greeting {
  font-family: var(--font-serif);
  font-size: 1.25rem;
}
.rows {
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  margin: 0 0 1rem;
  padding: 0;
  list-style: none;
  font-size: 0.875rem;
}
.rows > li {
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 0.5rem 1rem;
  padding: 0.75rem 1rem;
  border: 1px solid var(--color-line);
  border-radius: 0.75rem;
  overflow-wrap: anywhere;
}
.rows form,
.rows p {
  margin: 0;
}
button.danger {
  background: var(--color-danger);
  color: var(--color-surface);
}
button.danger:hover {
  background: var(--color-ink);
}
.cards,
.plain {
  display: flex;
  flex-direction: column;
  gap: 0.75rem;
  margin: 0 0 1rem;
  padding: 0;
  list-style: none;
}
.cards > li {
  padding: 1rem 1.25rem;
  border: 1px solid var(--color-line);
  border-radius: 0.75rem;
  overflow-wrap: anywhere;
}
.cards h3 {
  margin: 0 0 0.25rem;
  font-family: var(--font-serif);
  font-size: 1.125rem;
}
.badge {
  display: inline-block;
  padding: 0 0.5rem;
  border-radius: 9999px;
  background: var(--color-accent-soft);
  color: var(--color-accent-strong);
  font-family: var(--font-sans);
  font-size: 0.75rem;
  font-weight: 600;
}
.keep-lines {
  white-space: pre-line;
}
a.button {
  display: inline-flex;
  align-items: center;
  min-height: 2.75rem;
  padding: 0 1.25rem;
  border: 1px solid var(--color-line-strong);
  border-radius: 9999px;
  font-size: 0.875rem;
  font-weight: 600;
  color: var(--color-ink);
  text-decoration: none;
}
a.button:hover {
  border-color: var(--color-accent);
  background: var(--color-accent-soft);
}
input[type="file"] {
  max-width: 100%;
  font: inherit;
  font-size: 0.875rem;
  color: var(--color-muted);
}
input[type="file"]::file-selector-button {
  min-height: 2.75rem;
  margin-right: 0.75rem;
  padding: 0 1.25rem;
  border: 1px solid var(--color-line-strong);
  border-radius: 9999px;
  background: var(--color-surface);
  color: var(--color-ink);
  font: inherit;
  font-weight: 600;
  cursor: pointer;
}
input[type="file"]::file-selector-button:hover {
  border-color: var(--color-accent);
  background: var(--color-accent-soft);
}
.sr-only {
  position: absolute;
  width: 1px;
  height: 1px;
  padding: 0;
  margin: -1px;
  overflow: hidden;
  clip: rect(0, 0, 0, 0);
  white-space: nowrap;
  border: 0;
}
`;

/**
 * Completes a `web_message` sign-in (docs/protocol.md §7.4): posts the code and state (or the OAuth
 * error) to the page that framed the sign-in page, at the origin it was issued for.
 */
/**
 * The visitor's theme choice (the site's toggle keeps it in localStorage under "theme", same
 * origin), applied before the first paint; without one the system's preference applies.
 */
export const THEME_JS = `try{const t=localStorage.getItem("theme");if(t==="dark"||t==="light")document.documentElement.dataset.theme=t}catch{}
`;

export const WEB_MESSAGE_JS = `const data = document.body.dataset;
const message = data.error
  ? { error: data.error, error_description: data.errorDescription, state: data.state }
  : { code: data.code, state: data.state };
if (window.parent !== window) window.parent.postMessage(message, data.targetOrigin);
`;
