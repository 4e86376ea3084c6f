/** How long silent login waits for the sign-in page's message (docs/protocol.md §7.4). */
export const OAUTH_FLOW_TIMEOUT_MS = 120_000;
/** The message when no answer arrives in time (docs/protocol.md §7.4). */
export const OAUTH_FLOW_TIMEOUT_MESSAGE = "OAuth flow timed out";

/** What the sign-in page posts to its parent for `web_message` sign-in (docs/protocol.md §7.4). */
export interface WebMessageAnswer {
  code?: string;
  state: string;
  error?: string;
  error_description?: string;
}

/**
 * Loads `url` in a hidden frame and resolves with the first `message` event on `window` whose
 * `data.state` equals `state` (like the SDK, the origin is not checked: the state is the
 * secret). Rejects with 'OAuth flow timed out' after 120000 ms. The listener, the timer and the
 * frame are removed however it ends.
 *
 * @throws {Error} 'OAuth flow timed out' when no matching message arrives in time.
 * @throws {TypeError} outside a browser (no `window` or `document`).
 */
export async function waitForFrameMessage(url: string, state: string): Promise<WebMessageAnswer> {
  if (typeof window === "undefined" || typeof document === "undefined") {
    throw new TypeError("Silent login needs a browser window");
  }
  let onMessage: (event: MessageEvent) => void = () => {};
  let timer: ReturnType<typeof setTimeout> | undefined;
  const answer = new Promise<WebMessageAnswer>((resolve, reject) => {
    onMessage = (event) => {
      const data: unknown = event.data;
      if (typeof data !== "object" || data === null) return;
      if ((data as { state?: unknown }).state !== state) return;
      resolve(data as WebMessageAnswer);
    };
    window.addEventListener("message", onMessage);
    timer = setTimeout(() => reject(new Error(OAUTH_FLOW_TIMEOUT_MESSAGE)), OAUTH_FLOW_TIMEOUT_MS);
  });
  const frame = loadHiddenFrame(url);
  try {
    return await answer;
  } finally {
    clearTimeout(timer);
    window.removeEventListener("message", onMessage);
    frame.remove();
  }
}

/**
 * Appends a hidden (`display: none`) iframe loading `url` to the body and returns it.
 *
 * @throws {TypeError} outside a browser.
 */
export function loadHiddenFrame(url: string): HTMLIFrameElement {
  const frame = document.createElement("iframe");
  frame.style.display = "none";
  frame.title = "Sign-in session";
  frame.setAttribute("aria-hidden", "true");
  frame.src = url;
  return document.body.appendChild(frame);
}
