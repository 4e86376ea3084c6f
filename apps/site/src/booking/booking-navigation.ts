import type { BookingAnswer, BookingView } from "@consultant/site-content/wire";
import { createContext, useContext } from "react";

/**
 * How the booking page moves on. On the server and without JavaScript, links and forms do it
 * themselves (`null`); in the browser the page's script asks the store for the next view as JSON
 * and shows it without a reload.
 */
export type BookingNavigation = {
  /** Follows a link of the booking pages. */
  go(url: string, replace?: boolean): Promise<void>;
  /** Sends a form of the booking pages. */
  send(form: HTMLFormElement): Promise<void>;
} | null;

export const NavigationContext = createContext<BookingNavigation>(null);

export function useNavigation(): BookingNavigation {
  return useContext(NavigationContext);
}

async function answerOf(response: Response): Promise<BookingAnswer> {
  const body = (await response.json()) as Partial<BookingAnswer>;
  if (body.view === undefined || typeof body.location !== "string") {
    throw new Error(`The booking page answered ${response.status} without a view`);
  }
  return body as BookingAnswer;
}

/** The browser's navigation: fetches views, keeps the address bar and history in step. */
export function browserNavigation(
  show: (view: BookingView) => void,
): NonNullable<BookingNavigation> {
  const accept = { accept: "application/json" };
  const shown = (answer: BookingAnswer, replace: boolean) => {
    show(answer.view);
    const state = { view: answer.view };
    if (replace) window.history.replaceState(state, "", answer.location);
    else window.history.pushState(state, "", answer.location);
    window.scrollTo({ top: 0 });
  };
  return {
    async go(url, replace = false) {
      try {
        const response = await fetch(url, { headers: accept, credentials: "same-origin" });
        shown(await answerOf(response), replace);
      } catch {
        window.location.assign(url);
      }
    },
    async send(form) {
      const body = new URLSearchParams();
      for (const [name, value] of new FormData(form)) {
        if (typeof value === "string") body.append(name, value);
      }
      // The attribute: a field named "action" shadows the form's property.
      const action = form.getAttribute("action") ?? window.location.pathname;
      try {
        const response = await fetch(action, {
          method: "POST",
          headers: { ...accept, "content-type": "application/x-www-form-urlencoded" },
          body,
          credentials: "same-origin",
        });
        // A refused form stays where it is (its address is the form's); one that worked moves on.
        shown(await answerOf(response), !response.ok);
      } catch {
        // Whatever went wrong on the way, the plain post still works.
        HTMLFormElement.prototype.submit.call(form);
      }
    },
  };
}
