import { describe, expect, test } from "vitest";
import { greetingOf, lastVisitKey, newSince, ownerContactOf } from "./client-area-data.ts";
import { toSharedResources } from "./shared-resources.ts";

const resources = toSharedResources([
  { _id: "old", order: 1, title: "Old", _updatedDate: { $date: "2026-01-01T00:00:00.000Z" } },
  { _id: "new", order: 2, title: "New", _updatedDate: { $date: "2026-03-01T00:00:00.000Z" } },
  { _id: "undated", order: 3, title: "Undated" },
  // As the content client hands them over: dates revived.
  {
    _id: "revived",
    order: 4,
    title: "Revived",
    _updatedDate: new Date("2026-03-02T00:00:00.000Z"),
  },
]);

describe("the client area's greeting", () => {
  test("names the client by first name, else by e-mail", () => {
    expect(greetingOf({ email: "ada@example.com", firstName: " Ada " })).toBe("Welcome, Ada");
    expect(greetingOf({ email: "ada@example.com", firstName: "" })).toBe(
      "Welcome, ada@example.com",
    );
    expect(greetingOf(null)).toBe("Client area");
  });
});

describe("what is new", () => {
  test("is what the owner changed after the last visit", () => {
    expect([...newSince(resources, "2026-02-01T00:00:00.000Z")]).toEqual(["new", "revived"]);
    expect([...newSince(resources, "2026-04-01T00:00:00.000Z")]).toEqual([]);
  });

  test("is every dated resource on a first visit", () => {
    expect([...newSince(resources, null)]).toEqual(["old", "new", "revived"]);
  });

  test("is remembered per client, whatever the e-mail's case", () => {
    expect(lastVisitKey("Ada@Example.com")).toBe(lastVisitKey("ada@example.com"));
    expect(lastVisitKey("bob@example.com")).not.toBe(lastVisitKey("ada@example.com"));
  });
});

describe("the owner's contact", () => {
  const settings = {
    name: "Alex Sample",
    company: "Sample LLC",
    email: "hello@example.com",
    phone: "+1 (555) 0100",
    bookingUrl: "https://cal.example.com/alex",
  };

  test("offers mail, phone and booking links", () => {
    expect(ownerContactOf(settings)).toEqual({
      name: "Alex Sample",
      email: "hello@example.com",
      phone: { label: "+1 (555) 0100", href: "tel:+15550100" },
      bookingUrl: "https://cal.example.com/alex",
    });
  });

  test("never links a booking address that is not http or https", () => {
    expect(
      ownerContactOf({ ...settings, bookingUrl: "javascript:alert(1)" }).bookingUrl,
    ).toBeNull();
    expect(ownerContactOf({ ...settings, bookingUrl: "" }).bookingUrl).toBeNull();
  });

  test("leaves out what the owner did not set", () => {
    expect(ownerContactOf({ ...settings, name: "", email: "", phone: "" })).toMatchObject({
      name: "Sample LLC",
      email: null,
      phone: null,
    });
  });
});
