import { expect, test } from "vitest";
import { draftFromItems } from "./draft.ts";
import { validateDraft } from "./validate.ts";

test("an empty text is required, with a message naming the field", () => {
  const draft = draftFromItems("texts", [{ _id: "m", title_fld: "MainTitle", data: "  " }]);
  expect(validateDraft("texts", draft)).toEqual({ "m/data": "Enter the main title" });
});

test("a text over its limit says how long it is", () => {
  const draft = draftFromItems("texts", [
    { _id: "m", title_fld: "MainTitle", data: "x".repeat(121) },
  ]);
  expect(validateDraft("texts", draft)).toEqual({
    "m/data": "Use at most 120 characters (now 121)",
  });
});

test("a service needs a title and complete details, the subtitle may stay empty", () => {
  const draft = draftFromItems("services", [
    {
      _id: "s",
      itemData: { title: "", subtitle: "", details: [{ heading: "Ok", text: "" }] },
    },
  ]);
  expect(validateDraft("services", draft)).toEqual({
    "s/title": "Enter a title",
    "s/details.0.text": "Enter the text, or remove this detail",
  });
});

test("an empty client line is refused", () => {
  const draft = draftFromItems("clients", [{ _id: "c", itemData: "" }]);
  expect(validateDraft("clients", draft)).toEqual({ "c/itemData": "Enter the line, or remove it" });
});

test("valid content has no errors", () => {
  const draft = draftFromItems("clients", [{ _id: "c", itemData: "Founders" }]);
  expect(validateDraft("clients", draft)).toEqual({});
});
