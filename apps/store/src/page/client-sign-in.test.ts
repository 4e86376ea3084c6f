import type { PageContent } from "@consultant/site-content";
import { describe, expect, test } from "vitest";
import { clientPresence, withAutomaticSignIn } from "./client-sign-in.ts";

const content = (settings: Record<string, unknown>) =>
  ({ SiteSettings: [{ _id: "site", ...settings }] }) as unknown as PageContent;
const shown = (page: PageContent) => page.SiteSettings[0]?.showClientSignIn;

describe("the automatic client sign-in link", () => {
  test("turns on once the owner has a client, while the owner has not chosen", () => {
    expect(shown(withAutomaticSignIn(content({ name: "Alex" }), false))).toBeUndefined();
    expect(shown(withAutomaticSignIn(content({ name: "Alex" }), true))).toBe(true);
  });

  test("never overrides the owner's choice to hide it", () => {
    expect(shown(withAutomaticSignIn(content({ showClientSignIn: false }), true))).toBe(false);
  });

  test("leaves the stored content as it was", () => {
    const stored = content({ name: "Alex" });
    withAutomaticSignIn(stored, true);
    expect(shown(stored)).toBeUndefined();
  });
});

describe("whether the owner has a client", () => {
  test("is asked again only after the pause while the answer is no, and never once yes", () => {
    let clock = 0;
    let asked = 0;
    let members = false;
    const has = clientPresence(
      () => {
        asked += 1;
        return members;
      },
      () => clock,
      1_000,
    );
    expect(has()).toBe(false);
    members = true;
    clock = 500;
    expect(has()).toBe(false);
    clock = 1_000;
    expect(has()).toBe(true);
    clock = 99_000;
    members = false;
    expect(has()).toBe(true);
    expect(asked).toBe(2);
  });
});
