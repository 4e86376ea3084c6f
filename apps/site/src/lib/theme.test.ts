import { describe, expect, it } from "vitest";
import TEMPLATE from "../../index.html?raw";
import { chooseTheme, readTheme, THEME_STORAGE_KEY } from "./theme.ts";

function memoryStorage(): Storage {
  const values = new Map<string, string>();
  return {
    get length() {
      return values.size;
    },
    clear: () => values.clear(),
    getItem: (key) => values.get(key) ?? null,
    key: (index) => [...values.keys()][index] ?? null,
    removeItem: (key) => void values.delete(key),
    setItem: (key, value) => void values.set(key, value),
  };
}

describe("readTheme", () => {
  it("follows the system when the visitor has not chosen", () => {
    const root = document.createElement("html");
    expect(readTheme(root, true)).toBe("dark");
    expect(readTheme(root, false)).toBe("light");
  });

  it("prefers the visitor's choice over the system", () => {
    const root = document.createElement("html");
    root.dataset.theme = "light";
    expect(readTheme(root, true)).toBe("light");
  });

  it("ignores an unknown value on the page", () => {
    const root = document.createElement("html");
    root.dataset.theme = "sepia";
    expect(readTheme(root, true)).toBe("dark");
  });
});

describe("chooseTheme", () => {
  it("applies the choice and remembers it", () => {
    const root = document.createElement("html");
    const storage = memoryStorage();
    chooseTheme(root, () => storage, "dark");
    expect(root.dataset.theme).toBe("dark");
    expect(storage.getItem(THEME_STORAGE_KEY)).toBe("dark");
  });

  it("still applies the choice when storage is blocked", () => {
    const root = document.createElement("html");
    chooseTheme(
      root,
      () => {
        throw new DOMException("blocked", "SecurityError");
      },
      "light",
    );
    expect(root.dataset.theme).toBe("light");
  });
});

describe("the page's head script", () => {
  it("reads the choice under the key the toggle writes", () => {
    expect(TEMPLATE).toContain(`localStorage.getItem("${THEME_STORAGE_KEY}")`);
  });
});
