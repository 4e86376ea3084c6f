import { describe, expect, test } from "vitest";
import { applyPatch, readFieldModifications } from "./patch.ts";

const set = (fieldPath: string, value: unknown) => ({
  fieldPath,
  action: "SET_FIELD",
  setFieldOptions: { value },
});

describe("patch", () => {
  test("creates missing parents and leaves the input untouched", () => {
    const data = { a: { keep: 1 } };
    const result = applyPatch(data, readFieldModifications([set("a.b.c", 2)], "m"));
    expect(result).toEqual({ a: { keep: 1, b: { c: 2 } } });
    expect(data).toEqual({ a: { keep: 1 } });
  });

  test("a field named __proto__ is an own field, not the prototype", () => {
    const result = applyPatch({}, readFieldModifications([set("__proto__.polluted", 1)], "m"));
    expect(Object.getOwnPropertyDescriptor(result, "__proto__")?.value).toEqual({ polluted: 1 });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  test("REMOVE_FROM_ARRAY removes every deep-equal element", () => {
    const result = applyPatch(
      { list: [{ a: 1, b: [2] }, { b: [2], a: 1 }, { a: 2 }] },
      readFieldModifications(
        [
          {
            fieldPath: "list",
            action: "REMOVE_FROM_ARRAY",
            removeFromArrayOptions: { value: { a: 1, b: [2] } },
          },
        ],
        "m",
      ),
    );
    expect(result).toEqual({ list: [{ a: 2 }] });
  });

  test("INCREMENT_FIELD starts a missing field at 0", () => {
    const result = applyPatch(
      {},
      readFieldModifications(
        [{ fieldPath: "n", action: "INCREMENT_FIELD", incrementFieldOptions: { value: -2.5 } }],
        "m",
      ),
    );
    expect(result).toEqual({ n: -2.5 });
  });

  test("setting through a non-object is refused", () => {
    expect(() => applyPatch({ a: "text" }, readFieldModifications([set("a.b", 1)], "m"))).toThrow(
      "invalid request",
    );
  });

  test("every bad modification is reported at once", () => {
    try {
      readFieldModifications(
        [
          { fieldPath: "_createdDate", action: "REMOVE_FIELD" },
          { fieldPath: "x", action: "INCREMENT_FIELD", incrementFieldOptions: { value: "1" } },
          { fieldPath: "y", action: "SET_FIELD" },
        ],
        "m",
      );
      expect.unreachable();
    } catch (error) {
      expect((error as { violations: { field: string }[] }).violations.map((v) => v.field)).toEqual(
        ["m[0].fieldPath", "m[1].incrementFieldOptions.value", "m[2].setFieldOptions.value"],
      );
    }
  });
});
