import { selectPictures } from "@consultant/site-content";
import { act, fireEvent, render } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { wordsOf } from "../content/page-words.ts";
import { samplePageContent } from "../test-helpers/sample-content.ts";
import { PreviousClientsSection } from "./previous-clients-section.tsx";

const WORDS = wordsOf(samplePageContent());

const LOGOS = selectPictures([
  {
    _id: "a",
    slot: "client-logo",
    alt: "Acme",
    order: 2,
    src: "/media/0000000000000000000a.svg",
    width: 224,
    height: 56,
  },
  {
    _id: "b",
    slot: "client-logo",
    alt: "Birch",
    order: 1,
    src: "/media/0000000000000000000b.png",
    srcset: "/media/0000000000000000000b.png 112w, /media/0000000000000000000c.png 224w",
    sources: [{ type: "image/avif", srcset: "/media/0000000000000000000d.avif 112w" }],
    width: 112,
    height: 56,
  },
]).clientLogos;

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
  it("shows the stored logos in their order, named by their alt text, with width and height", () => {
    const { getAllByRole } = render(<PreviousClientsSection logos={LOGOS} words={WORDS} />);
    const first = getAllByRole("img");
    expect(first.slice(0, 2).map((img) => img.getAttribute("alt"))).toEqual(["Birch", "Acme"]);
    expect([first[0]?.getAttribute("width"), first[0]?.getAttribute("height")]).toEqual([
      "96",
      "48",
    ]);
    expect(first[0]?.closest("picture")?.querySelector("source")?.getAttribute("type")).toBe(
      "image/avif",
    );
  });

  it("moves the strip leftward about 3 % per second", () => {
    const { container } = render(<PreviousClientsSection logos={LOGOS} words={WORDS} />);
    expect(strip(container).style.transform).toBe("translateX(-0.0000%)");
    advance(1000);
    const offset = Number(strip(container).style.transform.match(/-([\d.]+)%/)?.[1]);
    expect(offset).toBeGreaterThan(2.8);
    expect(offset).toBeLessThan(3.1);
  });

  it("holds still while hovered and moves again after the pointer leaves", () => {
    const { container } = render(<PreviousClientsSection logos={LOGOS} words={WORDS} />);
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
    const { container, getByRole } = render(<PreviousClientsSection logos={LOGOS} words={WORDS} />);
    const pause = getByRole("button", { name: "Pause logos" });
    fireEvent.click(pause);
    expect(pause.textContent).toBe("Play logos");
    expect(pause.hasAttribute("aria-pressed")).toBe(false);
    const held = strip(container).style.transform;
    advance(1000);
    expect(strip(container).style.transform).toBe(held);
  });

  it("keeps the pause text, pressed, where the store has no play text", () => {
    const words: typeof WORDS = (key) => (key === "PlayLogos" ? "" : WORDS(key));
    const { getByRole } = render(<PreviousClientsSection logos={LOGOS} words={words} />);
    const pause = getByRole("button", { name: "Pause logos" });
    fireEvent.click(pause);
    expect(pause.getAttribute("aria-pressed")).toBe("true");
  });
});
