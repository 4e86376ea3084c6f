import type { CollectionName } from "@consultant/site-content";
import { findCollection } from "@consultant/site-content/editor";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { beforeAll, describe, expect, test } from "vitest";
import { Announcer } from "../../components/ui/announcer.tsx";
import { CollectionEditor } from "../editor/collection-editor.tsx";
import { polyfillDialog } from "../test-helpers/dialog-polyfill.ts";
import { storePerTest } from "../test-helpers/store-per-test.ts";

beforeAll(polyfillDialog);
const startStore = storePerTest();

const CONTENT = {
  PageWords: [
    { _id: "services-heading", title_fld: "ServicesHeading", data: "CORE SERVICES" },
    {
      _id: "footer",
      title_fld: "Footer",
      data: "© {year} {name}, {company}. All rights reserved.",
    },
  ],
  SiteSettings: [
    {
      _id: "site",
      name: "Alex Sample",
      title: "Alex Sample | Independent Business Consultant",
      description: "Alex Sample helps owner-led companies.",
    },
  ],
};

async function renderEditor(collectionId: CollectionName) {
  const store = await startStore(structuredClone(CONTENT));
  const collection = findCollection(collectionId);
  if (!collection) throw new Error(collectionId);
  render(
    <Announcer>
      <CollectionEditor api={store.api} collection={collection} active onDirtyChange={() => {}} />
    </Announcer>,
  );
  return store;
}

function describedText(element: HTMLElement): string {
  const ids = (element.getAttribute("aria-describedby") ?? "").split(" ");
  return ids.map((id) => document.getElementById(id)?.textContent ?? "").join(" ");
}

describe("the page's words in the editor", () => {
  test("each text has a human label and says where it appears, never its internal key", async () => {
    await renderEditor("PageWords");
    const heading = await screen.findByRole("textbox", { name: "Services heading" });
    expect(describedText(heading)).toContain("Heading of the Services section");
    const footer = screen.getByRole("textbox", { name: "Footer line" });
    expect(describedText(footer)).toContain("{name} and {company} stand for");
    expect(document.body.textContent).not.toMatch(/ServicesHeading|Title: /);
  });
});

describe("the owner's name in the settings", () => {
  test("a new name offers to update the page title and description, and does when asked", async () => {
    const store = await renderEditor("SiteSettings");
    const name = await screen.findByRole("textbox", { name: "Your name" });
    expect(screen.queryByRole("button", { name: /Update the page title/ })).toBeNull();
    fireEvent.change(name, { target: { value: "Ana Smith" } });
    fireEvent.click(screen.getByRole("button", { name: "Update the page title and description" }));
    const title = screen.getByRole("textbox", { name: "Page title" }) as HTMLInputElement;
    expect(title.value).toBe("Ana Smith | Independent Business Consultant");
    expect(screen.queryByRole("button", { name: /Update the page title/ })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Save changes" }));
    await waitFor(() =>
      expect(store.stored("SiteSettings", "site")).toMatchObject({
        name: "Ana Smith",
        title: "Ana Smith | Independent Business Consultant",
        description: "Ana Smith helps owner-led companies.",
      }),
    );
  });

  test("saving another setting leaves the client sign-in link automatic", async () => {
    const store = await renderEditor("SiteSettings");
    const phone = await screen.findByRole("textbox", { name: /Phone/ });
    fireEvent.change(phone, { target: { value: "+1 555 0199" } });
    expect(screen.getByRole("radio", { name: /Automatic/ })).toHaveProperty("checked", true);
    fireEvent.click(screen.getByRole("button", { name: "Save changes" }));
    await waitFor(() =>
      expect(store.stored("SiteSettings", "site")).toMatchObject({ phone: "+1 555 0199" }),
    );
    expect(store.stored("SiteSettings", "site")).not.toHaveProperty("showClientSignIn");
  });

  test("choosing Hidden stores the choice, and Automatic takes it back out", async () => {
    const store = await renderEditor("SiteSettings");
    fireEvent.click(await screen.findByRole("radio", { name: /Hidden/ }));
    fireEvent.click(screen.getByRole("button", { name: "Save changes" }));
    await waitFor(() =>
      expect(store.stored("SiteSettings", "site")).toMatchObject({ showClientSignIn: false }),
    );
    fireEvent.click(screen.getByRole("radio", { name: /Automatic/ }));
    fireEvent.click(screen.getByRole("button", { name: "Save changes" }));
    await waitFor(() =>
      expect(store.stored("SiteSettings", "site")).not.toHaveProperty("showClientSignIn"),
    );
  });

  test("the booking button leads to the site's booking page until the owner chooses their link", async () => {
    const store = await renderEditor("SiteSettings");
    const builtIn = await screen.findByRole("radio", { name: /The booking page of this site/ });
    expect((builtIn as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole("radio", { name: /Your booking link/ }));
    fireEvent.click(screen.getByRole("button", { name: "Save changes" }));
    await waitFor(() =>
      expect(store.stored("SiteSettings", "site")).toMatchObject({ bookingPage: "external" }),
    );
    fireEvent.click(screen.getByRole("radio", { name: /The booking page of this site/ }));
    fireEvent.click(screen.getByRole("button", { name: "Save changes" }));
    await waitFor(() =>
      expect(store.stored("SiteSettings", "site")).toMatchObject({ bookingPage: "builtIn" }),
    );
  });

  test("keeping the title leaves it as it was", async () => {
    await renderEditor("SiteSettings");
    fireEvent.change(await screen.findByRole("textbox", { name: "Your name" }), {
      target: { value: "Ana Smith" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Keep them" }));
    const title = screen.getByRole("textbox", { name: "Page title" }) as HTMLInputElement;
    expect(title.value).toBe("Alex Sample | Independent Business Consultant");
    expect(screen.queryByRole("button", { name: /Update the page title/ })).toBeNull();
  });
});
