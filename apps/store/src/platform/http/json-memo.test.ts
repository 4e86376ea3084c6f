import { describe, expect, test } from "vitest";
import { memoizeByJson, memoizeByText } from "./json-memo.ts";

function counting() {
  let calls = 0;
  const fn = (body: unknown) => {
    calls += 1;
    if ((body as { fail?: boolean }).fail) throw new Error("bad body");
    return { echoed: body };
  };
  return { fn, calls: () => calls };
}

describe("memoizeByJson", () => {
  test("runs once for bodies with the same JSON", () => {
    const c = counting();
    const memo = memoizeByJson(c.fn);
    const first = memo({ a: 1 });
    expect(memo({ a: 1 })).toBe(first);
    expect(c.calls()).toBe(1);
  });

  test("runs again for a different body", () => {
    const c = counting();
    const memo = memoizeByJson(c.fn);
    memo({ a: 1 });
    expect(memo({ a: 2 })).toEqual({ echoed: { a: 2 } });
    expect(c.calls()).toBe(2);
  });

  test("does not keep a throw", () => {
    const c = counting();
    const memo = memoizeByJson(c.fn);
    expect(() => memo({ fail: true })).toThrow("bad body");
    expect(() => memo({ fail: true })).toThrow("bad body");
    expect(c.calls()).toBe(2);
  });

  test("does not keep bodies above the length bound", () => {
    const c = counting();
    const memo = memoizeByJson(c.fn, { maxTextLength: 10 });
    memo({ long: "x".repeat(20) });
    memo({ long: "x".repeat(20) });
    expect(c.calls()).toBe(2);
  });

  test("passes a body too deep to serialise straight to the function", () => {
    let deep: unknown = {};
    for (let i = 0; i < 200_000; i += 1) deep = { d: deep };
    const memo = memoizeByJson((body: unknown) => typeof body);
    expect(memo(deep)).toBe("object");
  });
});

describe("memoizeByText", () => {
  test("runs once per distinct text and does not keep a throw", () => {
    let calls = 0;
    const memo = memoizeByText((text: string) => {
      calls += 1;
      return JSON.parse(text) as unknown;
    });
    const first = memo('{"a":1}');
    expect(memo('{"a":1}')).toBe(first);
    expect(memo('{ "a": 1 }')).toEqual(first);
    expect(calls).toBe(2);
    expect(() => memo("{")).toThrow(SyntaxError);
    expect(() => memo("{")).toThrow(SyntaxError);
    expect(calls).toBe(4);
  });

  test("does not keep texts above the length bound", () => {
    let calls = 0;
    const memo = memoizeByText(
      (text: string) => {
        calls += 1;
        return text.length;
      },
      { maxTextLength: 4 },
    );
    memo("12345");
    memo("12345");
    expect(calls).toBe(2);
  });
});
