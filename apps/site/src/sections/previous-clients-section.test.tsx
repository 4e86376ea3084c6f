import { act, fireEvent, render } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PreviousClientsSection } from "./previous-clients-section.tsx";

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["requestAnimationFrame", "cancelAnimationFrame", "performance"] });
});

afterEach(() => {
  vi.useRealTimers();
});

function strip(container: HTMLElement): HTMLElement {
  const element = container.querySelector<HTMLElement>("[data-logo-strip]");
  if (!element) throw new Error("no strip");
  return element;
}

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

describe("PreviousClientsSection", () => {
  it("moves the strip leftward about 3 % per second", () => {
    const { container } = render(<PreviousClientsSection />);
    expect(strip(container).style.transform).toBe("translateX(-0.0000%)");
    advance(1000);
    const offset = Number(strip(container).style.transform.match(/-([\d.]+)%/)?.[1]);
    expect(offset).toBeGreaterThan(2.8);
    expect(offset).toBeLessThan(3.1);
  });

  it("holds still while hovered and moves again after the pointer leaves", () => {
    const { container } = render(<PreviousClientsSection />);
    advance(500);
    const viewport = strip(container).parentElement as HTMLElement;
    fireEvent.mouseEnter(viewport);
    const held = strip(container).style.transform;
    advance(1000);
    expect(strip(container).style.transform).toBe(held);
    fireEvent.mouseLeave(viewport);
    advance(500);
    expect(strip(container).style.transform).not.toBe(held);
  });

  it("holds still while the pause button is pressed", () => {
    const { container, getByRole } = render(<PreviousClientsSection />);
    const pause = getByRole("button", { name: "Pause logos" });
    fireEvent.click(pause);
    expect(pause.getAttribute("aria-pressed")).toBe("true");
    const held = strip(container).style.transform;
    advance(1000);
    expect(strip(container).style.transform).toBe(held);
  });
});
