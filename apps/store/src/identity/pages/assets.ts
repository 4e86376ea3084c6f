/**
 * @module The members' pages' stylesheet and the `web_message` script, served as files (a
 * strict CSP allows no inline script or style). Kept as modules so a build to JavaScript
 * carries them without copying assets.
 */

export const MEMBERS_CSS = `/* The members' pages (sign in, sign up, recovery, second factor): plain, readable, keyboard-first. */
:root {
  color-scheme: light dark;
  --ink: #1b1f24;
  --paper: #ffffff;
  --muted: #57606a;
  --accent: #0b5fff;
  --danger: #b3261e;
  --line: #c9d1d9;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  line-height: 1.5;
}
@media (prefers-color-scheme: dark) {
  :root {
    --ink: #e6edf3;
    --paper: #161b22;
    --muted: #9da7b3;
    --accent: #6ea8ff;
    --danger: #ff8a80;
    --line: #30363d;
  }
}
* {
  box-sizing: border-box;
}
body {
  margin: 0;
  min-height: 100vh;
  display: grid;
  place-items: center;
  background: color-mix(in srgb, var(--paper) 92%, var(--ink));
  color: var(--ink);
}
.card {
  width: min(28rem, 100% - 2rem);
  margin: 2rem 0;
  padding: 2rem;
  background: var(--paper);
  border: 1px solid var(--line);
  border-radius: 0.75rem;
}
h1 {
  margin-top: 0;
  font-size: 1.5rem;
}
.field {
  margin-bottom: 1rem;
}
label {
  display: block;
  font-weight: 600;
  margin-bottom: 0.25rem;
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
  padding: 0.6rem 0.7rem;
  font: inherit;
  color: inherit;
  background: transparent;
  border: 1px solid var(--line);
  border-radius: 0.4rem;
}
input[aria-invalid="true"] {
  border-color: var(--danger);
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
  padding: 0.6rem 1.2rem;
  border: 0;
  border-radius: 0.4rem;
  background: var(--accent);
  color: #fff;
  cursor: pointer;
}
button.secondary {
  background: transparent;
  color: var(--accent);
  border: 1px solid var(--accent);
}
a {
  color: var(--accent);
}
:focus-visible {
  outline: 3px solid var(--accent);
  outline-offset: 2px;
}
.hint {
  margin: 0 0 0.25rem;
  color: var(--muted);
  font-size: 0.9rem;
}
.error {
  margin: 0.25rem 0 0;
  color: var(--danger);
  font-size: 0.9rem;
}
.alert {
  padding: 0.75rem;
  border: 1px solid var(--danger);
  border-radius: 0.4rem;
  color: var(--danger);
}
.notice {
  padding: 0.75rem;
  border: 1px solid var(--line);
  border-radius: 0.4rem;
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
`;

/**
 * Completes a `web_message` sign-in (protocol.md §7.4): posts the code and state (or the OAuth
 * error) to the page that framed the sign-in page, at the origin it was issued for.
 */
export const WEB_MESSAGE_JS = `const data = document.body.dataset;
const message = data.error
  ? { error: data.error, error_description: data.errorDescription, state: data.state }
  : { code: data.code, state: data.state };
if (window.parent !== window) window.parent.postMessage(message, data.targetOrigin);
`;
