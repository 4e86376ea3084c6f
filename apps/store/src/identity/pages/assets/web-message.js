// Completes a `web_message` sign-in (protocol.md §7.4): posts the code and state (or the
// OAuth error) to the page that framed the store's sign-in page, at the origin it was issued for.
const data = document.body.dataset;
const message = data.error
  ? { error: data.error, error_description: data.errorDescription, state: data.state }
  : { code: data.code, state: data.state };
if (window.parent !== window) window.parent.postMessage(message, data.targetOrigin);
