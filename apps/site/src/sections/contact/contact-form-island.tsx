import type { FocusEvent, FormEvent } from "react";
import type { Words } from "../../content/page-words.ts";
import { ContactForm } from "./contact-form.tsx";

const ISLAND_ID = "contact-form-island";

/** The form's behaviour loads when the visitor starts writing, not with the page. */
const behaviour = () => import("./contact-form-behaviour.ts");

let kept: string | undefined;

/** The markup the server rendered into the island, read once, as the browser holds it. */
function serverMarkup(): string {
  kept ??= document.getElementById(ISLAND_ID)?.innerHTML ?? "";
  return kept;
}

function prepare(_event: FocusEvent) {
  void behaviour().then((loaded) => loaded.prepareContactForm());
}

function submit(event: FormEvent) {
  event.preventDefault();
  const form = event.target as HTMLFormElement;
  void behaviour().then((loaded) => loaded.submitContactForm(form));
}

/**
 * The contact form as an island: the server renders it, and the browser keeps that markup as it
 * is (React does not hydrate inside `dangerouslySetInnerHTML`), so the page's script carries none
 * of the form's code, only the two listeners (events from inside the island bubble to them) that
 * load its behaviour on first use.
 */
export function ContactFormIsland({ words }: { words: Words }) {
  if (import.meta.env.SSR) {
    return (
      <div id={ISLAND_ID}>
        <ContactForm words={words} />
      </div>
    );
  }
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the form inside is the control; these only hear its events bubble.
    <div
      id={ISLAND_ID}
      onFocus={prepare}
      onSubmit={submit}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's own render of ContactForm, read back from the page, never content.
      dangerouslySetInnerHTML={{ __html: serverMarkup() }}
    />
  );
}
