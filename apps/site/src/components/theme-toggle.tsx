import { useEffect, useState } from "react";
import { chooseTheme, readTheme } from "../lib/theme.ts";
import { ContrastIcon } from "./icons.tsx";
import { Button } from "./ui/button.tsx";

function prefersDark(): boolean {
  return window.matchMedia?.("(prefers-color-scheme: dark)").matches === true;
}

/** Switches between the light and dark theme; the choice is remembered for the next visits. */
export function ThemeToggle() {
  // The server cannot know the theme: the state starts light and is read after hydration.
  const [dark, setDark] = useState(false);
  useEffect(() => setDark(readTheme(document.documentElement, prefersDark()) === "dark"), []);

  const toggle = () => {
    const next = readTheme(document.documentElement, prefersDark()) === "dark" ? "light" : "dark";
    chooseTheme(document.documentElement, () => window.localStorage, next);
    setDark(next === "dark");
  };

  return (
    <Button
      variant="ghost"
      size="sm"
      className="w-10 px-0"
      aria-label="Dark theme"
      aria-pressed={dark}
      onClick={toggle}
    >
      <ContrastIcon />
    </Button>
  );
}
