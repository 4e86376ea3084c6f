import { findCollection } from "@consultant/site-content/editor";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { beforeAll, describe, expect, test, vi } from "vitest";
import { Announcer } from "../../components/ui/announcer.tsx";
import { versionOf } from "../model/item-data.ts";
import { polyfillDialog } from "../test-helpers/dialog-polyfill.ts";
import { storePerTest } from "../test-helpers/store-per-test.ts";
import { CollectionEditor } from "./collection-editor.tsx";

beforeAll(polyfillDialog);

const startStore = storePerTest();

const CONTENT = {
  About: [{ _id: "about", title_fld: "About", data: "Loaded text" }],
  Clients: [
    { _id: "a", order: 1, itemData: "First line" },
    { _id: "b", order: 2, itemData: "Second line" },
    { _id: "c", order: 3, itemData: "Third line" },
  ],
  Services: [
    {
      _id: "s",
      order: 1,
      itemData: {
        title: "Growth",
        subtitle: "Sub",
        details: [
          { heading: "One", text: "First detail" },
          { heading: "Two", text: "Second detail" },
        ],
      },
    },
  ],
};

function describedText(element: HTMLElement): string {
  const ids = (element.getAttribute("aria-describedby") ?? "").split(" ");
  return ids.map((id) => document.getElementById(id)?.textContent ?? "").join(" ");
}

async function renderEditor(collectionId: "About" | "Clients" | "Services") {
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

describe("collection editor", () => {
  test("an empty required field shows its message next to it, takes focus, and nothing is sent", async () => {
    const fake = await renderEditor("About");
    const field = await screen.findByRole("textbox", { name: "About text" });
    fireEvent.change(field, { target: { value: "   " } });
    fireEvent.click(screen.getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(field.getAttribute("aria-invalid")).toBe("true");
    expect(describedText(field)).toContain("Enter the about text");
    expect(fake.writes()).toEqual([]);
  });

  test("a refused save says in the save bar how many fields need attention", async () => {
    await renderEditor("About");
    const field = await screen.findByRole("textbox", { name: "About text" });
    fireEvent.change(field, { target: { value: "   " } });
    fireEvent.click(screen.getByRole("button", { name: "Save changes" }));
    const notice = await screen.findByText("Not saved: 1 field needs attention.");
    expect(notice.getAttribute("role")).toBe("alert");
  });

  test("a save sends an update conditioned on the loaded version", async () => {
    const fake = await renderEditor("About");
    const loaded = versionOf(fake.stored("About", "about") ?? null);
    fireEvent.change(await screen.findByRole("textbox", { name: "About text" }), {
      target: { value: "New text" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Save changes" }));
    await screen.findByText(/Saved at/);
    expect(fake.writes()).toEqual([
      {
        method: "POST",
        path: "/wix-data/v2/items/update",
        body: {
          dataCollectionId: "About",
          dataItem: { id: "about", data: { _id: "about", title_fld: "About", data: "New text" } },
          condition: { filter: { _updatedDate: { $eq: { $date: loaded } } } },
        },
      },
    ]);
    expect(fake.stored("About", "about")?.data).toBe("New text");
  });

  test("a stale save shows both versions and keeps the owner's text", async () => {
    const fake = await renderEditor("About");
    const field = await screen.findByRole("textbox", { name: "About text" });
    fake.writeElsewhere("About", "about", { data: "Saved in another tab" });
    fireEvent.change(field, { target: { value: "My text" } });
    fireEvent.click(screen.getByRole("button", { name: "Save changes" }));
    const dialog = await screen.findByRole("dialog", { name: "This changed somewhere else" });
    expect(within(dialog).getByRole("region", { name: "Your version" }).textContent).toContain(
      "My text",
    );
    expect(within(dialog).getByRole("region", { name: "Stored version" }).textContent).toContain(
      "Saved in another tab",
    );
    expect(fake.stored("About", "about")?.data).toBe("Saved in another tab");
    expect((field as HTMLInputElement).value).toBe("My text");
  });

  test("keeping my version after a conflict saves it over the stored one", async () => {
    const fake = await renderEditor("About");
    const field = await screen.findByRole("textbox", { name: "About text" });
    fake.writeElsewhere("About", "about", { data: "Saved in another tab" });
    fireEvent.change(field, { target: { value: "My text" } });
    fireEvent.click(screen.getByRole("button", { name: "Save changes" }));
    fireEvent.click(await screen.findByRole("button", { name: "Save my version" }));
    await screen.findByText(/Saved at/);
    expect(fake.stored("About", "about")?.data).toBe("My text");
  });

  test("bringing back an item deleted elsewhere during a conflict keeps one row with my text", async () => {
    const fake = await renderEditor("Clients");
    fireEvent.change(await screen.findByRole("textbox", { name: "Line 2" }), {
      target: { value: "My line" },
    });
    fake.removeElsewhere("Clients", "b");
    fireEvent.click(screen.getByRole("button", { name: "Save changes" }));
    const dialog = await screen.findByRole("dialog", { name: "This changed somewhere else" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Close" }));

    fireEvent.click(screen.getByText("Deleted items"));
    // Bringing back asks first, saying what goes live and where.
    const confirm = vi.spyOn(window, "confirm").mockReturnValue(true);
    fireEvent.click(await screen.findByRole("button", { name: "Bring back Second line" }));
    await screen.findByText("Brought back. It is live now.");
    expect(confirm).toHaveBeenCalledWith(
      "Bring back Second line? It goes live on the public page at once.",
    );
    confirm.mockRestore();
    // The refused row had moved to the end when the save was refused; it stays the only one.
    expect(screen.getAllByRole("textbox").map((box) => (box as HTMLInputElement).value)).toEqual([
      "First line",
      "Third line",
      "My line",
    ]);

    fireEvent.click(screen.getByRole("button", { name: "Compare versions" }));
    const compare = await screen.findByRole("dialog", { name: "This changed somewhere else" });
    expect(within(compare).getByRole("region", { name: "Stored version" }).textContent).toContain(
      "Second line",
    );
    fireEvent.click(within(compare).getByRole("button", { name: "Save my version" }));
    await screen.findByText(/Saved at/);
    expect(fake.storedItems("Clients")).toHaveLength(3);
    expect(fake.stored("Clients", "b")?.itemData).toBe("My line");
  });

  test("preview sends the unsaved items with their order and writes nothing", async () => {
    const fake = await renderEditor("Clients");
    fireEvent.change(await screen.findByRole("textbox", { name: "Line 2" }), {
      target: { value: "Changed line" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Preview" }));
    await screen.findByTitle("Preview of Ideal clients with your changes");
    const [call] = fake.sent.filter((request) => request.path === "/admin/api/preview");
    if (!call) throw new Error("no preview call");
    expect(
      (call.body as { items: { itemData: string }[] }).items.map((item) => item.itemData),
    ).toEqual(["First line", "Changed line", "Third line"]);
    expect(fake.stored("Clients", "b")?.itemData).toBe("Second line");
  });
});

describe("keyboard reordering", () => {
  test("moving a line up keeps focus on its button and saves only the orders that changed", async () => {
    const fake = await renderEditor("Clients");
    const moveUp = await screen.findByRole("button", { name: "Move line 3 up" });
    moveUp.focus();
    fireEvent.click(moveUp);
    const lines = screen.getAllByRole("textbox").map((box) => (box as HTMLInputElement).value);
    expect(lines).toEqual(["First line", "Third line", "Second line"]);
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole("button", { name: "Move line 2 up" })),
    );
    fireEvent.click(screen.getByRole("button", { name: "Save changes" }));
    await screen.findByText(/Saved at/);
    expect(
      fake
        .writes()
        .map((request) => [
          request.path,
          (request.body as { dataItem: { id: string } }).dataItem.id,
        ]),
    ).toEqual([["/wix-data/v2/items/update", "b"]]);
    expect(fake.stored("Clients", "b")?.order).toBe(4);
  });

  test("the first line's Move up is unavailable but stays focusable", async () => {
    await renderEditor("Clients");
    const moveUp = await screen.findByRole("button", { name: "Move line 1 up" });
    expect(moveUp.getAttribute("aria-disabled")).toBe("true");
    expect((moveUp as HTMLButtonElement).disabled).toBe(false);
  });

  test("a service gains a detail and loses another", async () => {
    const fake = await renderEditor("Services");
    fireEvent.click(await screen.findByRole("button", { name: "Remove detail 1 of “Growth”" }));
    fireEvent.click(screen.getByRole("button", { name: "Add a detail to “Growth”" }));
    const heading = screen.getAllByRole("textbox", { name: "Heading" }).at(-1);
    await waitFor(() => expect(document.activeElement).toBe(heading));
    fireEvent.change(heading as HTMLElement, { target: { value: "Three" } });
    fireEvent.change(screen.getAllByRole("textbox", { name: "Text" }).at(-1) as HTMLElement, {
      target: { value: "Third detail" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Save changes" }));
    await screen.findByText(/Saved at/);
    expect(fake.stored("Services", "s")?.itemData).toEqual({
      title: "Growth",
      subtitle: "Sub",
      details: [
        { heading: "Two", text: "Second detail" },
        { heading: "Three", text: "Third detail" },
      ],
    });
  });
});

describe("discard", () => {
  test("asks first, then reloads the stored items", async () => {
    await renderEditor("About");
    const confirm = vi.spyOn(window, "confirm").mockReturnValue(true);
    fireEvent.change(await screen.findByRole("textbox", { name: "About text" }), {
      target: { value: "Throw away" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Discard changes" }));
    expect(confirm).toHaveBeenCalled();
    await waitFor(() =>
      expect(
        (screen.getByRole("textbox", { name: "About text" }) as HTMLTextAreaElement).value,
      ).toBe("Loaded text"),
    );
    confirm.mockRestore();
  });
});
