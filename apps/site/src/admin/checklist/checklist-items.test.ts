import { describe, expect, test } from "vitest";
import { checklistItems } from "./checklist-items.ts";

const fresh = {
  passwordSet: true,
  twoFactor: false,
  publicUrlSet: false,
  settings: [],
  pictures: [],
};

const picture = (slot: string) => ({
  _id: slot,
  slot,
  src: `/media/${slot}.png`,
  width: 64,
  height: 64,
});

describe("the first-run checklist", () => {
  test("a fresh store has everything but the password left, each linked to where it is done", () => {
    const items = checklistItems(fresh);
    expect(items.filter((item) => !item.done).map((item) => item.id)).toEqual([
      "second-factor",
      "site-address",
      "pictures",
      "booking",
    ]);
    expect(items.map((item) => item.href)).toEqual([
      "#account",
      "#account",
      "#SiteSettings",
      "#Pictures",
      "#SiteSettings",
      "#SiteSettings",
    ]);
  });

  test("a set-up store has nothing left", () => {
    const items = checklistItems({
      passwordSet: true,
      twoFactor: true,
      publicUrlSet: true,
      settings: [
        {
          _id: "site",
          siteUrl: "https://alex.example.com",
          bookingUrl: "https://cal.example.com/alex",
          showClientSignIn: true,
        },
      ],
      pictures: [picture("portrait"), picture("logo")],
    });
    expect(items.every((item) => item.done)).toBe(true);
  });

  test("the client sign-in is done while automatic or shown, and to do only when hidden", () => {
    const signIn = (data: Record<string, unknown>) =>
      checklistItems({ ...fresh, settings: [{ _id: "site", name: "Ana", ...data }] }).find(
        (item) => item.id === "client-sign-in",
      )?.done;
    expect(signIn({})).toBe(true);
    expect(signIn({ showClientSignIn: true })).toBe(true);
    expect(signIn({ showClientSignIn: false })).toBe(false);
  });

  test("the site address needs both PUBLIC_URL and the address in the settings", () => {
    const withSetting = { ...fresh, settings: [{ _id: "site", siteUrl: "https://a.example" }] };
    const address = (facts: typeof withSetting) =>
      checklistItems(facts).find((item) => item.id === "site-address")?.done;
    expect(address(withSetting)).toBe(false);
    expect(address({ ...withSetting, publicUrlSet: true })).toBe(true);
  });
});
