import { PAGE_COLLECTIONS } from "@consultant/site-content";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { App } from "./app.tsx";
import { loadCollection } from "./content/load-collection.ts";
import { siteConfig } from "./site.config.ts";
import { createControlledLoader, samplePageContent } from "./test-helpers/sample-content.ts";

afterEach(() => {
  vi.restoreAllMocks();
});

function section(id: string): HTMLElement {
  const element = document.getElementById(id);
  if (!element) throw new Error(`No section #${id}`);
  return element;
}

describe("App with embedded content", () => {
  it("renders one h1 then the six section headings in page order", () => {
    render(<App content={samplePageContent()} />);
    const headings = screen
      .getAllByRole("heading")
      .filter((heading) => heading.tagName === "H1" || heading.tagName === "H2")
      .map((heading) => heading.textContent);
    expect(headings).toEqual([
      "Clear strategy. Calm operations. Measurable growth.",
      // The stored "ABOUT {name}" with the name; section headings show in capitals (CSS).
      "ABOUT Alex Sample",
      "CORE SERVICES",
      "PREVIOUS CLIENTS",
      "IDEAL CLIENTS",
      "WHY WORK WITH ME",
      "Let's dig into what your business needs.",
    ]);
  });

  it("places header, seven sections in order and footer", () => {
    const { container } = render(<App content={samplePageContent()} />);
    const ids = [...container.querySelectorAll("main section")].map((element) => element.id);
    expect(ids).toEqual([
      "home",
      "about",
      "services",
      "previous-clients",
      "clients",
      "why",
      "contact",
    ]);
    expect(screen.getByRole("banner")).toBeTruthy();
    expect(screen.getByRole("contentinfo").textContent).toContain(
      `© ${new Date().getFullYear()} ${siteConfig.name}, ${siteConfig.company}`,
    );
  });

  it("gives every link and button an accessible name", () => {
    render(<App content={samplePageContent()} />);
    const controls = [...screen.getAllByRole("link"), ...screen.getAllByRole("button")];
    expect(controls.length).toBeGreaterThan(10);
    for (const control of controls) {
      const name = control.getAttribute("aria-label") ?? control.textContent ?? "";
      expect(name.trim(), control.outerHTML).not.toBe("");
    }
  });

  it("links the six navigation items to their sections", () => {
    render(<App content={samplePageContent()} />);
    const nav = screen.getAllByRole("navigation", { name: "Main" })[0];
    if (!nav) throw new Error("no navigation");
    const links = within(nav).getAllByRole("link");
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Home", "#home"],
      ["About Me", "#about"],
      ["Services", "#services"],
      ["Clients", "#clients"],
      ["Why Me", "#why"],
      ["Contact", "#contact"],
    ]);
    for (const link of links) {
      expect(document.getElementById(link.getAttribute("href")?.slice(1) ?? "")).not.toBeNull();
    }
  });

  it("opens the profile in a new tab without the opener", () => {
    render(<App content={samplePageContent()} />);
    const profile = screen.getByRole("link", { name: /linkedin/i });
    expect(profile.getAttribute("href")).toBe(siteConfig.profileUrl);
    expect(profile.getAttribute("target")).toBe("_blank");
    expect(profile.getAttribute("rel")).toBe("noopener noreferrer");
  });

  it("offers the email and phone as mailto and tel links", () => {
    render(<App content={samplePageContent()} />);
    const contact = within(section("contact"));
    expect(contact.getByText("Schedule a free introductory call.")).toBeTruthy();
    expect(contact.getByRole("link", { name: /hello@example.com/ }).getAttribute("href")).toBe(
      "mailto:hello@example.com",
    );
    expect(contact.getByRole("link", { name: /555 0100/ }).getAttribute("href")).toBe(
      "tel:+15550100",
    );
  });

  it("lists the ideal clients in their order", () => {
    render(<App content={samplePageContent()} />);
    const items = within(section("clients")).getAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual(
      samplePageContent().Clients.map((client) => client.itemData),
    );
  });

  it("shows six client logos three times, each with alt text and size", () => {
    render(<App content={samplePageContent()} />);
    const strip = document.querySelector("[data-logo-strip]");
    const images = [...(strip?.querySelectorAll("img") ?? [])];
    expect(images).toHaveLength(18);
    expect(new Set(images.map((image) => image.getAttribute("alt"))).size).toBe(6);
    for (const image of images) {
      expect(Number(image.getAttribute("width"))).toBeGreaterThan(0);
      expect(Number(image.getAttribute("height"))).toBeGreaterThan(0);
    }
  });

  it("renders content text as text, never as markup", () => {
    const content = samplePageContent();
    content.About = [{ title_fld: "About", data: "<b>bold</b>" }];
    render(<App content={content} />);
    expect(section("about").querySelector("b")).toBeNull();
    expect(section("about").textContent).toContain("<b>bold</b>");
  });
});

describe("mobile menu", () => {
  function toggle() {
    return screen.getByRole("button", { name: "Menu" });
  }

  it("opens the dropdown of the six items and closes when one is chosen", () => {
    render(<App content={samplePageContent()} />);
    const menu = document.getElementById(toggle().getAttribute("aria-controls") ?? "");
    expect(toggle().getAttribute("aria-expanded")).toBe("false");
    expect(menu?.hidden).toBe(true);

    fireEvent.click(toggle());
    expect(toggle().getAttribute("aria-expanded")).toBe("true");
    expect(menu?.hidden).toBe(false);
    const links = within(menu as HTMLElement).getAllByRole("link");
    expect(links.map((link) => link.textContent)).toEqual([
      "Home",
      "About Me",
      "Services",
      "Clients",
      "Why Me",
      "Contact",
    ]);

    fireEvent.click(within(menu as HTMLElement).getByRole("link", { name: "Services" }));
    expect(toggle().getAttribute("aria-expanded")).toBe("false");
    expect(menu?.hidden).toBe(true);
  });

  it("closes on Escape and returns focus to the toggle", () => {
    render(<App content={samplePageContent()} />);
    fireEvent.click(toggle());
    const menu = document.getElementById(toggle().getAttribute("aria-controls") ?? "");
    within(menu as HTMLElement)
      .getByRole("link", { name: "Home" })
      .focus();

    fireEvent.keyDown(document, { key: "Escape" });
    expect(toggle().getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(toggle());
  });

  it("closes when the visitor presses outside the header", () => {
    render(<App content={samplePageContent()} />);
    fireEvent.click(toggle());
    fireEvent.pointerDown(section("about"));
    expect(toggle().getAttribute("aria-expanded")).toBe("false");
  });
});

describe("service cards", () => {
  it("expand and collapse independently with both labels", () => {
    render(<App content={samplePageContent()} />);
    const [first, second] = within(section("services")).getAllByRole("button");
    if (!first || !second) throw new Error("expected two service cards");
    const firstDetails = document.getElementById(first.getAttribute("aria-controls") ?? "");
    const secondDetails = document.getElementById(second.getAttribute("aria-controls") ?? "");

    expect(first.textContent).toBe("More Information");
    expect(firstDetails?.hidden).toBe(true);

    fireEvent.click(first);
    expect(first.textContent).toBe("Hide Details");
    expect(first.getAttribute("aria-expanded")).toBe("true");
    expect(firstDetails?.hidden).toBe(false);
    expect(
      within(firstDetails as HTMLElement).getByRole("heading", { name: "Market review" }),
    ).toBeTruthy();
    expect(second.textContent).toBe("More Information");
    expect(secondDetails?.hidden).toBe(true);

    fireEvent.click(second);
    fireEvent.click(first);
    expect(first.textContent).toBe("More Information");
    expect(firstDetails?.hidden).toBe(true);
    expect(second.textContent).toBe("Hide Details");
    expect(second.getAttribute("aria-expanded")).toBe("true");
  });

  it("follow the order field", () => {
    const content = samplePageContent();
    content.Services = [...content.Services].reverse();
    render(<App content={content} />);
    const titles = within(section("services"))
      .getAllByRole("heading", { level: 3 })
      .map((heading) => heading.textContent);
    expect(titles).toEqual([
      "Growth Strategy",
      "Operations",
      "Financial Clarity",
      "Leadership & Teams",
    ]);
  });
});

describe("App loading through the content client", () => {
  it("asks for every collection once", () => {
    const asked: string[] = [];
    render(
      <App
        loadCollection={(name) => {
          asked.push(name);
          return new Promise(() => {});
        }}
      />,
    );
    expect(asked.toSorted()).toEqual([...PAGE_COLLECTIONS].sort());
  });

  it("shows Loading... for the home title and subtitle until HomePage arrives", async () => {
    const loader = createControlledLoader();
    render(<App loadCollection={loader.load} />);
    const home = within(section("home"));
    expect(home.getByRole("heading", { level: 1 }).textContent).toBe("Loading...");
    expect(home.getAllByText("Loading...")).toHaveLength(2);

    await act(async () => loader.resolve("Clients", samplePageContent().Clients));
    expect(within(section("clients")).getAllByRole("listitem")).toHaveLength(5);
    expect(home.getAllByText("Loading...")).toHaveLength(2);

    await act(async () => loader.resolve("HomePage", samplePageContent().HomePage));
    expect(home.getByRole("heading", { level: 1 }).textContent).toBe(
      "Clear strategy. Calm operations. Measurable growth.",
    );
    expect(home.queryAllByText("Loading...")).toHaveLength(0);
  });

  it("leaves out the sections whose collection is empty, and their menu links", async () => {
    const loader = createControlledLoader();
    const { container } = render(<App loadCollection={loader.load} />);
    await act(async () => {
      for (const name of PAGE_COLLECTIONS)
        loader.resolve(name, name === "PageWords" ? samplePageContent().PageWords : []);
    });
    const ids = [...container.querySelectorAll("main section")].map((element) => element.id);
    expect(ids).toEqual(["home", "contact"]);
    expect(screen.queryAllByRole("heading", { level: 2 }).map((h) => h.textContent)).toEqual([
      "Let's dig into what your business needs.",
    ]);
    const nav = screen.getAllByRole("navigation", { name: "Main" })[0] as HTMLElement;
    expect(
      within(nav)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["Home", "Contact"]);
    expect(within(section("home")).getAllByText("Loading...")).toHaveLength(2);
  });

  it("logs a failed collection and leaves only that section empty", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const failure = new Error("HTTP 500");
    const content = samplePageContent();
    render(
      <App
        loadCollection={(name) =>
          loadCollection(async ({ dataCollectionId }) => {
            if (dataCollectionId === "Services") throw failure;
            return { items: content[name] };
          }, name)
        }
      />,
    );
    expect(await within(section("clients")).findAllByRole("listitem")).toHaveLength(5);
    expect(logged).toHaveBeenCalledWith("Failed to fetch Services data:", failure);
    expect(document.getElementById("services")).toBeNull();
    expect(screen.queryByRole("link", { name: "Services" })).toBeNull();
  });
});
