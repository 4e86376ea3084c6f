import { type ItemData, type PageContent, selectSettings } from "@consultant/site-content";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { App } from "./app.tsx";
import { fillPlaceholders, isIslandWord } from "./content/page-words.ts";
import { pageDefaults } from "./site.config.ts";
import { samplePageContent } from "./test-helpers/sample-content.ts";

const TEXT_COLLECTIONS = ["HomePage", "About", "WhyWorkWithMe", "PageWords"] as const;

/** The sample content with every text replaced by a marker naming its key. */
function markedContent(): { content: PageContent; markers: string[] } {
  const content = samplePageContent();
  const markers: string[] = [];
  for (const name of TEXT_COLLECTIONS) {
    content[name] = content[name].map((item: ItemData) => {
      const marker = `[${String(item.title_fld)}]`;
      // The contact form is rendered on the server only (entry-server.test.tsx covers its words).
      if (!isIslandWord(String(item.title_fld))) markers.push(marker);
      const placeholders = String(item.data).match(/\{\w+\}/g) ?? [];
      return { ...item, data: [marker, ...placeholders].join(" ") };
    });
  }
  content.SiteSettings = [{ _id: "site", bookingUrl: "https://cal.example.com/alex" }];
  return { content, markers };
}

describe("the page's words", () => {
  it("come from the store: each stored text shows on the page once changed", () => {
    const { content, markers } = markedContent();
    const { container } = render(<App content={content} />);
    const closed = document.body.textContent ?? "";
    const [first] = within(document.getElementById("services") as HTMLElement).getAllByRole(
      "button",
    );
    fireEvent.click(first as HTMLElement);
    // The logo strip's button says [PlayLogos] while paused.
    fireEvent.click(screen.getByRole("button", { name: "[PauseLogos]" }));
    const opened = document.body.textContent ?? "";
    for (const marker of markers) expect(`${closed} ${opened}`).toContain(marker);
    for (const fixed of ["Let's Chat", "CORE SERVICES", "More Information", "All rights"])
      expect(container.textContent).not.toContain(fixed);
  });

  it("fill in the owner's name and company, and the year in the footer", () => {
    const { content } = markedContent();
    render(<App content={content} />);
    const settings = selectSettings(content.SiteSettings, pageDefaults);
    expect(screen.getByRole("heading", { name: `[AboutHeading] ${settings.name}` })).toBeTruthy();
    expect(screen.getByRole("contentinfo").textContent).toBe(
      `[Footer] ${new Date().getFullYear()} ${settings.name} ${settings.company}`,
    );
  });

  it("leave a menu link out when its label is empty", () => {
    const content = samplePageContent();
    content.PageWords = content.PageWords.filter((item) => item.title_fld !== "NavWhy");
    render(<App content={content} />);
    const nav = screen.getAllByRole("navigation", { name: "Main" })[0] as HTMLElement;
    expect(within(nav).queryByRole("link", { name: "Why Me" })).toBeNull();
    expect(within(nav).getAllByRole("link")).toHaveLength(5);
  });
});

describe("fillPlaceholders", () => {
  it("fills the known placeholders and leaves other braces as typed", () => {
    expect(
      fillPlaceholders("© {year} {name}, {company} {other}", {
        name: "Ana",
        company: "Ana Ltd",
        year: "2030",
      }),
    ).toBe("© 2030 Ana, Ana Ltd {other}");
    expect(fillPlaceholders("{year}", { name: "", company: "" })).toBe("{year}");
  });
});
