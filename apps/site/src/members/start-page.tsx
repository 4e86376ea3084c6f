import { type ReactNode, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { THEME_STORAGE_KEY } from "../lib/theme.ts";
import "./members.css";

/** The visitor's remembered theme, as the page's head script applies it (no inline script here). */
function applyRememberedTheme(): void {
  try {
    const theme = window.localStorage.getItem(THEME_STORAGE_KEY);
    if (theme === "dark" || theme === "light") document.documentElement.dataset.theme = theme;
  } catch {
    // Site data blocked: the system's preference applies.
  }
}

/** Mounts a member page into `#member-root`. */
export function startPage(page: ReactNode): void {
  applyRememberedTheme();
  const root = document.getElementById("member-root");
  if (!root) throw new Error("Missing #member-root element");
  createRoot(root).render(<StrictMode>{page}</StrictMode>);
}
