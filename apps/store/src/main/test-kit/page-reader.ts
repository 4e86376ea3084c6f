/**
 * A members' page as a screen reader presents it: the title, the heading, each field by the
 * text of its own label (for/id) with the hint and error tied to it (aria-describedby), each
 * form's button and the values it carries back, the alert and status messages, the rest of the
 * text and the links. Only the page's main landmark: the site's frame has its own tests.
 */
import { JSDOM } from "jsdom";

export type FieldReading = {
  label: string;
  name: string;
  type: string;
  /** The texts its aria-describedby names, in order (hint, then error). */
  description?: string;
  invalid?: true;
  value?: string;
  autocomplete?: string;
  inputmode?: string;
  required?: true;
  autofocus?: true;
};

export type FormReading = {
  action: string;
  /** The names of the hidden values the form posts back. */
  carries: string[];
  fields: FieldReading[];
  button: string;
};

export type PageReading = {
  title: string;
  /** The body's attributes (the web_message page's data), when it has any. */
  data?: Record<string, string>;
  h1: string;
  alert?: string;
  notice?: string;
  /** The main landmark's other paragraphs and list items. */
  text: string[];
  headings: string[];
  /** Lists named with aria-label: their items by the list's name. */
  lists?: Record<string, string[]>;
  /** Images by their accessible name. */
  images: string[];
  forms: FormReading[];
  /** Links outside forms: [text, href]. */
  links: [string, string][];
  /** Text a screen reader would read that sits in no element read above, when there is any. */
  stray?: string[];
};

const words = (node: Element | null | undefined) =>
  (node?.textContent ?? "").replace(/\s+/g, " ").trim();

function readField(input: HTMLInputElement, document: Document): FieldReading {
  const labels = document.querySelectorAll(`label[for="${input.id}"]`);
  if (input.id === "" || labels.length !== 1) {
    throw new Error(`the field "${input.name}" has ${labels.length} labels tied to it`);
  }
  const described = (input.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .filter((id) => id !== "")
    .map((id) => {
      const target = document.getElementById(id);
      if (target === null) throw new Error(`"${input.name}" is described by a missing #${id}`);
      return words(target);
    });
  const attribute = (name: string) => input.getAttribute(name) ?? undefined;
  const reading: FieldReading = {
    label: words(labels[0]),
    name: input.name,
    type: input.getAttribute("type") ?? "",
    description: described.length > 0 ? described.join(" ") : undefined,
    invalid: input.getAttribute("aria-invalid") === "true" ? true : undefined,
    value: attribute("value"),
    autocomplete: attribute("autocomplete"),
    inputmode: attribute("inputmode"),
    required: input.required ? true : undefined,
    autofocus: input.hasAttribute("autofocus") ? true : undefined,
  };
  return Object.fromEntries(
    Object.entries(reading).filter(([, value]) => value !== undefined),
  ) as FieldReading;
}

function readForm(form: HTMLFormElement, document: Document): FormReading {
  const inputs = [...form.querySelectorAll("input")];
  const buttons = [...form.querySelectorAll("button")];
  if (buttons.length !== 1) throw new Error(`a form with ${buttons.length} buttons`);
  return {
    action: form.getAttribute("action") ?? "",
    carries: inputs.filter((input) => input.type === "hidden").map((input) => input.name),
    fields: inputs
      .filter((input) => input.type !== "hidden")
      .map((input) => readField(input, document)),
    button: words(buttons[0]),
  };
}

/** Text outside the site's header and outside every element the reading has a place for. */
function strayText(window: JSDOM["window"]): string[] {
  const walker = window.document.createTreeWalker(
    window.document.body,
    window.NodeFilter.SHOW_TEXT,
  );
  const stray: string[] = [];
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
    const text = (node.textContent ?? "").trim();
    const parent = node.parentElement;
    if (text === "" || parent?.closest("header, h1, h2, p, li, label, button, a") != null) continue;
    stray.push(text);
  }
  return stray;
}

/** Reads a members' page's markup; a field without exactly one label tied to it throws. */
export function readPage(markup: string): PageReading {
  const { window } = new JSDOM(markup);
  const { document } = window;
  const main = document.querySelector("main");
  if (main === null) throw new Error("a page without a main landmark");
  const alert = main.querySelector('[role="alert"]');
  const notice = main.querySelector('[role="status"]');
  const outsideForms = (node: Element) => node.closest("form") === null;
  const isText = (node: Element) =>
    outsideForms(node) &&
    node.getAttribute("role") === null &&
    node.closest('[aria-label], [role="img"]') === null &&
    node.querySelector("a") === null;
  const data = Object.fromEntries(
    [...document.body.attributes].map((attribute) => [attribute.name, attribute.value]),
  );
  const stray = strayText(window);
  const named = [...main.querySelectorAll("ul[aria-label], ol[aria-label]")].map(
    (list) =>
      [list.getAttribute("aria-label"), [...list.querySelectorAll("li")].map(words)] as const,
  );
  const reading: PageReading = {
    title: document.title,
    data: Object.keys(data).length > 0 ? data : undefined,
    h1: words(main.querySelector("h1")),
    alert: alert === null ? undefined : words(alert),
    notice: notice === null ? undefined : words(notice),
    text: [...main.querySelectorAll("p, li")].filter(isText).map(words),
    headings: [...main.querySelectorAll("h2")].map(words),
    lists: named.length > 0 ? Object.fromEntries(named) : undefined,
    images: [...main.querySelectorAll('[role="img"], img')].map(
      (image) => image.getAttribute("aria-label") ?? image.getAttribute("alt") ?? "",
    ),
    forms: [...main.querySelectorAll("form")].map((form) => readForm(form, document)),
    links: [...main.querySelectorAll("a")]
      .filter(outsideForms)
      .map((link) => [words(link), link.getAttribute("href") ?? ""]),
    stray: stray.length > 0 ? stray : undefined,
  };
  return Object.fromEntries(
    Object.entries(reading).filter(([, value]) => value !== undefined),
  ) as PageReading;
}

/** An answer as a member hears it: its status and the page read as above. */
export const heard = (response: { statusCode: number; body: string }) => ({
  status: response.statusCode,
  ...readPage(response.body),
});

/** The reading a page titled `title` should give: its heading the title, nothing else but `rest`. */
export const expectedPage = (title: string, rest: Partial<PageReading>): PageReading => ({
  title,
  h1: title,
  text: [],
  headings: [],
  images: [],
  forms: [],
  links: [],
  ...rest,
});
