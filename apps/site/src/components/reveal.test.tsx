import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { App } from "../app.tsx";
import { FakeIntersectionObserver } from "../test-helpers/fake-intersection-observer.ts";
import { samplePageContent } from "../test-helpers/sample-content.ts";
import { Reveal } from "./reveal.tsx";

beforeEach(() => {
  FakeIntersectionObserver.instances = [];
  vi.stubGlobal("IntersectionObserver", FakeIntersectionObserver);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function wrapper(): HTMLElement {
  const element = screen.getByText("content").parentElement;
  if (!element) throw new Error("no wrapper");
  return element;
}

describe("Reveal", () => {
  it("stays hidden until at least 10 % is visible", () => {
    render(
      <Reveal direction="left">
        <p>content</p>
      </Reveal>,
    );
    expect(wrapper().dataset.revealed).toBe("false");
    expect(FakeIntersectionObserver.instances[0]?.options?.threshold).toBe(0.1);

    act(() => FakeIntersectionObserver.report(wrapper(), 0.05));
    expect(wrapper().dataset.revealed).toBe("false");

    act(() => FakeIntersectionObserver.report(wrapper(), 0.1));
    expect(wrapper().dataset.revealed).toBe("true");
  });

  it("never reverts once revealed", () => {
    render(
      <Reveal direction="up">
        <p>content</p>
      </Reveal>,
    );
    act(() => FakeIntersectionObserver.report(wrapper(), 0.5));
    act(() => FakeIntersectionObserver.report(wrapper(), 0));
    expect(wrapper().dataset.revealed).toBe("true");
  });

  it("shows first-paint content at once without observing it", () => {
    render(
      <Reveal direction="left" onFirstPaint>
        <p>content</p>
      </Reveal>,
    );
    expect(wrapper().dataset.revealed).toBe("true");
    expect(FakeIntersectionObserver.instances.some((o) => o.targets.has(wrapper()))).toBe(false);
  });
});

describe("page reveal wrappers", () => {
  it("wrap the seven sections with directions left, right, left, up, left, right, up", () => {
    const { container } = render(<App content={samplePageContent()} />);
    const wrappers = [...container.querySelectorAll<HTMLElement>("main > [data-reveal]")];
    expect(wrappers.map((element) => element.querySelector("section")?.id)).toEqual([
      "home",
      "about",
      "services",
      "previous-clients",
      "clients",
      "why",
      "contact",
    ]);
    expect(wrappers.map((element) => element.dataset.reveal)).toEqual([
      "left",
      "right",
      "left",
      "up",
      "left",
      "right",
      "up",
    ]);
  });
});
