import { describe, expect, test } from "vitest";
import { whereWords } from "./where-words.ts";

describe("where a meeting is", () => {
  test("is its kind, then the owner's text", () => {
    expect(whereWords({ locationKind: "PHONE", locationText: " +49 30 1234 " })).toBe(
      "Phone: +49 30 1234",
    );
    expect(whereWords({ locationKind: "IN_PERSON", locationText: "" })).toBe("In person");
  });

  test("says the kind once when the owner's text already starts with it", () => {
    expect(
      whereWords({
        locationKind: "VIDEO",
        locationText: "Video call: the link comes with the confirmation",
      }),
    ).toBe("Video call: the link comes with the confirmation");
    expect(whereWords({ locationKind: "VIDEO", locationText: "video call: Zoom" })).toBe(
      "video call: Zoom",
    );
  });
});
