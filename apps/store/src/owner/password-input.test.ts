import { Readable } from "node:stream";
import { expect, test } from "vitest";
import { applyKeys, readFirstLine } from "./password-input.ts";

const START = { value: "", done: false, cancelled: false };

test("typed characters collect until Enter", () => {
  const typing = applyKeys(START, "secr");
  expect(typing).toEqual({ value: "secr", done: false, cancelled: false });
  expect(applyKeys(typing, "et\r")).toEqual({ value: "secret", done: true, cancelled: false });
});

test("backspace removes the last character and Ctrl-U the whole line", () => {
  expect(applyKeys(START, "abc\u007fd").value).toBe("abd");
  expect(applyKeys(START, "abc\u0015xy").value).toBe("xy");
});

test("Ctrl-C cancels", () => {
  expect(applyKeys(START, "abc\u0003")).toEqual({ value: "", done: true, cancelled: true });
});

test("piped input gives its first line without the line ending", async () => {
  expect(await readFirstLine(Readable.from(["pass word 1\r\n", "second\n"]))).toBe("pass word 1");
});

test("piped input without a newline is taken whole", async () => {
  expect(await readFirstLine(Readable.from(["no newline at end"]))).toBe("no newline at end");
});
