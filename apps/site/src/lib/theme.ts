/** @module The visitor's colour theme: a remembered choice, else the system's preference. */

/** The localStorage key of the visitor's choice; index.html's head script reads the same key. */
export const THEME_STORAGE_KEY = "theme";

export type Theme = "light" | "dark";

function isTheme(value: unknown): value is Theme {
  return value === "light" || value === "dark";
}

/** The theme in effect: the choice on `<html data-theme>`, else what the system prefers. */
export function readTheme(root: HTMLElement, prefersDark: boolean): Theme {
  const chosen = root.dataset.theme;
  if (isTheme(chosen)) return chosen;
  return prefersDark ? "dark" : "light";
}

/** Applies a choice to the page and remembers it (storage may be unavailable: it still applies). */
export function chooseTheme(root: HTMLElement, storage: () => Storage, theme: Theme): void {
  root.dataset.theme = theme;
  try {
    // Reading window.localStorage itself throws where the visitor blocks site data.
    storage().setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Private modes and full quotas refuse writes; the choice then lasts for this page only.
  }
}
