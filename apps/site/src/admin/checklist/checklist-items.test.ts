import { describe, expect, test } from "vitest";
import { type ChecklistFacts, checklistItems } from "./checklist-items.ts";

const fresh: ChecklistFacts = {
  passwordSet: true,
  twoFactor: false,
  ownerEmailSet: false,
  bookingHoursSaved: false,
  settings: [],
  pictures: [],
  resources: [],
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
      "owner-email",
      "second-factor",
      "site-address",
      "pictures",
      "booking",
    ]);
    // Each lands on its own field, not the top of its section.
    expect(items.map((item) => item.href)).toEqual([
      "#account",
      "#account/account-email",
      "#account/two-factor-heading",
      "#SiteSettings/f-SiteSettings-site-siteUrl",
      "#Pictures/Pictures-portrait-heading",
      "#booking",
      "#SiteSettings/f-SiteSettings-site-showClientSignIn",
      "#Pictures/Pictures-logos-heading",
    ]);
  });

  test("a set-up store has nothing left", () => {
    const items = checklistItems({
      passwordSet: true,
      twoFactor: true,
      ownerEmailSet: true,
      bookingHoursSaved: true,
      settings: [
        {
          _id: "site",
          siteUrl: "https://alex.example.com",
          showClientSignIn: true,
        },
      ],
      pictures: [picture("portrait"), picture("logo")],
      resources: [],
    });
    expect(items.every((item) => item.done)).toBe(true);
  });

  test("the sample content is to do while a stand-in is left, and done once the owner made it theirs", () => {
    const sampleLogo = {
      _id: "cedar-sample-co",
      slot: "client-logo",
      src: "/media/f87562b699a9b600d93f.svg",
    };
    const pack = { _id: "welcome-pack", url: "https://example.com/welcome-pack" };
    const sample = (facts: Partial<ChecklistFacts>) =>
      checklistItems({ ...fresh, ...facts }).find((item) => item.id === "sample-content")?.done;
    expect(sample({ pictures: [sampleLogo] })).toBe(false);
    expect(sample({ resources: [pack] })).toBe(false);
    expect(sample({ pictures: [{ ...sampleLogo, src: "/media/mine.png" }] })).toBe(true);
    expect(sample({ resources: [{ ...pack, url: "https://ana.example/pack" }] })).toBe(true);
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

  test("the site address is the one in Site settings, set in the browser", () => {
    const address = (facts: ChecklistFacts) =>
      checklistItems(facts).find((item) => item.id === "site-address")?.done;
    expect(address(fresh)).toBe(false);
    expect(address({ ...fresh, settings: [{ _id: "site", siteUrl: "https://a.example" }] })).toBe(
      true,
    );
  });

  test("the owner's e-mail address is asked for until given", () => {
    const email = (ownerEmailSet: boolean) =>
      checklistItems({ ...fresh, ownerEmailSet }).find((item) => item.id === "owner-email")?.done;
    expect(email(false)).toBe(false);
    expect(email(true)).toBe(true);
  });

  test("booking is done once the owner saved the hours, or gave a scheduler's link instead", () => {
    const booking = (facts: Partial<ChecklistFacts>) =>
      checklistItems({ ...fresh, ...facts }).find((item) => item.id === "booking")?.done;
    expect(booking({})).toBe(false);
    expect(booking({ bookingHoursSaved: true })).toBe(true);
    expect(
      booking({ settings: [{ _id: "site", bookingUrl: "https://cal.example.com/alex" }] }),
    ).toBe(true);
  });
});
