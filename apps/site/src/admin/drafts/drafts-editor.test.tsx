import { findCollection } from "@consultant/site-content/editor";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { Announcer } from "../../components/ui/announcer.tsx";
import { createDraftsApi } from "../api/drafts-api.ts";
import { CollectionEditor } from "../editor/collection-editor.tsx";
import { polyfillDialog } from "../test-helpers/dialog-polyfill.ts";
import { storePerTest } from "../test-helpers/store-per-test.ts";
import { localInputValue } from "./schedule-field.tsx";

beforeAll(polyfillDialog);

const startStore = storePerTest();

afterEach(() => {
  vi.restoreAllMocks();
});

const CONTENT = {
  About: [{ _id: "about", title_fld: "About", data: "Live text" }],
  Clients: [
    { _id: "a", order: 1, itemData: "First line" },
    { _id: "b", order: 2, itemData: "Second line" },
  ],
};

async function renderEditor(collectionId: "About" | "Clients") {
  // The store's clock runs from now, so a time the owner picks is in its future too.
  const store = await startStore(structuredClone(CONTENT), { startMs: Date.now() });
  const collection = findCollection(collectionId);
  if (!collection) throw new Error(collectionId);
  render(
    <Announcer>
      <CollectionEditor api={store.api} collection={collection} active onDirtyChange={() => {}} />
    </Announcer>,
  );
  return { store, drafts: createDraftsApi(store.api) };
}

async function keepAboutDraft(text: string) {
  fireEvent.change(await screen.findByRole("textbox", { name: "About text" }), {
    target: { value: text },
  });
  fireEvent.click(screen.getByRole("button", { name: "Save as draft" }));
  await screen.findByText(/Kept as a draft at/);
}

function draftPanel(): HTMLElement {
  return screen.getByRole("region", { name: /^Draft: / });
}

describe("save as draft", () => {
  test("keeps the change pending: the live item is unchanged and the row shows the draft with its badge", async () => {
    const { store, drafts } = await renderEditor("About");
    await keepAboutDraft("Draft text");
    expect(store.stored("About", "about")?.data).toBe("Live text");
    expect(await drafts.changes("About")).toMatchObject([
      { itemId: "about", kind: "put", publishAt: null, data: { data: "Draft text" } },
    ]);
    expect((screen.getByRole("textbox", { name: "About text" }) as HTMLTextAreaElement).value).toBe(
      "Draft text",
    );
    expect(screen.getAllByText("Draft").length).toBeGreaterThan(0);
    expect(draftPanel().textContent).toContain("Not published yet");
    expect(screen.getByText("No unsaved changes.")).toBeTruthy();
  });

  test("a draft left in the store is shown when the editor opens", async () => {
    const store = await startStore(structuredClone(CONTENT));
    await createDraftsApi(store.api).save("Clients", [
      { itemId: "new-line", kind: "put", data: { order: 3, itemData: "Planned line" } },
    ]);
    render(
      <Announcer>
        <CollectionEditor
          api={store.api}
          collection={findCollection("Clients") ?? (undefined as never)}
          active
          onDirtyChange={() => {}}
        />
      </Announcer>,
    );
    const line = await screen.findByRole("textbox", { name: "Line 3" });
    expect((line as HTMLInputElement).value).toBe("Planned line");
    expect(draftPanel().textContent).toContain("“Planned line”: Not published yet");
    expect(store.storedItems("Clients")).toHaveLength(2);
  });

  test("a new line kept as a draft, then removed and kept again, leaves no draft behind", async () => {
    const { store, drafts } = await renderEditor("Clients");
    fireEvent.click(await screen.findByRole("button", { name: /Add a line/ }));
    fireEvent.change(await screen.findByRole("textbox", { name: "Line 3" }), {
      target: { value: "Short-lived" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Save as draft" }));
    await screen.findByText(/Kept as a draft at/);
    expect(await drafts.changes("Clients")).toHaveLength(1);
    fireEvent.click(screen.getByRole("button", { name: "Remove line 3" }));
    fireEvent.click(screen.getByRole("button", { name: "Save as draft" }));
    await waitFor(async () => expect(await drafts.changes("Clients")).toEqual([]));
    expect(store.storedItems("Clients")).toHaveLength(2);
  });

  test("an empty required field refuses the draft too, and nothing is kept", async () => {
    const { drafts } = await renderEditor("About");
    const field = await screen.findByRole("textbox", { name: "About text" });
    fireEvent.change(field, { target: { value: "  " } });
    fireEvent.click(screen.getByRole("button", { name: "Save as draft" }));
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(await drafts.changes("About")).toEqual([]);
  });
});

describe("publishing", () => {
  test("publish now makes the draft live, reloads the live item, and the publications say who", async () => {
    const { store } = await renderEditor("About");
    await keepAboutDraft("Published text");
    const publish = within(draftPanel()).getByRole("button", { name: "Publish now" });
    publish.focus();
    fireEvent.click(publish);
    await screen.findByText("Published 1 change. The public page shows them on its next load.");
    expect(store.stored("About", "about")?.data).toBe("Published text");
    // The button went with the draft; focus stays in the panel, not lost to the page.
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole("heading", { name: "Drafts and publishing" }),
      ),
    );
    expect(screen.queryByRole("region", { name: /^Draft: / })).toBeNull();
    const panel = screen.getByRole("region", { name: "Drafts and publishing" });
    const details = within(panel).getByText("Published changes").closest("details");
    if (!details) throw new Error("no publications list");
    details.open = true;
    fireEvent(details, new Event("toggle"));
    const list = await within(panel).findByRole("list", { name: /Published changes/ });
    expect(list.textContent).toContain("About text went live: published by owner");
  });

  test("publish at sends the owner's local time as ISO, and the row says when", async () => {
    const { drafts } = await renderEditor("About");
    await keepAboutDraft("Friday's text");
    const when = new Date(Date.now() + 3 * 24 * 3600_000);
    when.setSeconds(0, 0);
    fireEvent.change(within(draftPanel()).getByLabelText("Publish at"), {
      target: { value: localInputValue(when) },
    });
    fireEvent.click(within(draftPanel()).getByRole("button", { name: "Schedule publishing" }));
    await screen.findByText(/^Scheduled to go live /);
    expect(await drafts.changes("About")).toMatchObject([{ publishAt: when.toISOString() }]);
    expect(draftPanel().textContent).toContain("Scheduled for");
  });

  test("publish at also schedules the draft's removals: a removed line comes off at that time", async () => {
    const { store, drafts } = await renderEditor("Clients");
    fireEvent.click(await screen.findByRole("button", { name: "Remove line 2" }));
    fireEvent.click(screen.getByRole("button", { name: "Save as draft" }));
    await screen.findByText(/Kept as a draft at/);
    expect(draftPanel().textContent).toContain("Comes off the page when published");
    const when = new Date(Date.now() + 24 * 3600_000);
    when.setSeconds(0, 0);
    fireEvent.change(within(draftPanel()).getByLabelText("Publish at"), {
      target: { value: localInputValue(when) },
    });
    fireEvent.click(within(draftPanel()).getByRole("button", { name: "Schedule publishing" }));
    await screen.findByText(/^Scheduled to go live /);
    expect(await drafts.changes("Clients")).toMatchObject([
      { itemId: "b", kind: "remove", publishAt: when.toISOString() },
    ]);
    expect(store.storedItems("Clients")).toHaveLength(2);
  });

  test("a time in the past is refused in the form with a sentence, and nothing is sent", async () => {
    const { store } = await renderEditor("About");
    await keepAboutDraft("Late text");
    const before = store.sent.length;
    const input = within(draftPanel()).getByLabelText("Publish at");
    fireEvent.change(input, {
      target: { value: localInputValue(new Date(Date.now() - 3600_000)) },
    });
    fireEvent.keyDown(input, { key: "Enter" });
    expect(await within(draftPanel()).findByText("Choose a time in the future.")).toBeTruthy();
    expect(store.sent.length).toBe(before);
  });

  test("a scheduled change goes live when the store's clock reaches its time", async () => {
    const { store, drafts } = await renderEditor("About");
    await keepAboutDraft("On time");
    const at = new Date(store.clock.ms + 120_000).toISOString();
    await drafts.publishAt("About", at);
    store.clock.ms = Date.parse(at) + 1;
    store.publishDue();
    expect(store.stored("About", "about")?.data).toBe("On time");
    expect(await drafts.publications("About")).toMatchObject([
      { itemId: "about", publishedBy: null, scheduledBy: "owner" },
    ]);
  });

  test("a scheduled change shows as live in the editor once its time passes, without a reload", async () => {
    // The editor's timers and clock are faked (they run on with real time too); the store keeps
    // its own clock.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"], shouldAdvanceTime: true });
    try {
      const { store } = await renderEditor("About");
      await keepAboutDraft("On schedule");
      const when = new Date(store.clock.ms + 10 * 60_000);
      when.setSeconds(0, 0);
      fireEvent.change(within(draftPanel()).getByLabelText("Publish at"), {
        target: { value: localInputValue(when) },
      });
      fireEvent.click(within(draftPanel()).getByRole("button", { name: "Schedule publishing" }));
      await screen.findByText(/^Scheduled to go live /);
      expect(draftPanel().textContent).toContain("Scheduled for");
      store.clock.ms = when.getTime() + 1;
      store.publishDue();
      vi.setSystemTime(when.getTime() + 1);
      // The refresh timer was set for the due time plus AFTER_DUE_MS, measured from the editor's
      // clock when the schedule was saved: up to ten minutes and a few seconds away. A timer still
      // pending when the fake clock is removed never fires, so run well past it.
      await vi.advanceTimersByTimeAsync(11 * 60_000);
    } finally {
      vi.useRealTimers();
    }
    // The editor's refresh after the due time is a real fetch: on a busy machine it takes a while.
    await screen.findByText(/^1 scheduled change went live on schedule/, {}, { timeout: 8_000 });
    expect(screen.queryByRole("region", { name: /^Draft: / })).toBeNull();
    const field = screen.getByRole("textbox", { name: "About text" }) as HTMLTextAreaElement;
    expect(field.value).toBe("On schedule");
    fireEvent.click(screen.getByRole("button", { name: /History of/ }));
    const current = await screen.findByRole("region", { name: "Current version" });
    expect(current.textContent).toContain("On schedule");
  }, 30_000);

  test("unpublish at takes a live line off the page at the chosen time", async () => {
    const { drafts } = await renderEditor("Clients");
    await screen.findByRole("textbox", { name: "Line 1" });
    const panel = screen.getByRole("region", { name: "Drafts and publishing" });
    fireEvent.change(within(panel).getByLabelText("Item to take off the page"), {
      target: { value: "b" },
    });
    const when = new Date(Date.now() + 24 * 3600_000);
    when.setSeconds(0, 0);
    fireEvent.change(within(panel).getByLabelText("Unpublish at"), {
      target: { value: localInputValue(when) },
    });
    fireEvent.click(within(panel).getByRole("button", { name: "Schedule unpublishing" }));
    await screen.findByText(/“Second line” is scheduled to come off the page/);
    expect(await drafts.changes("Clients")).toMatchObject([
      { itemId: "b", kind: "remove", publishAt: when.toISOString() },
    ]);
    expect(draftPanel().textContent).toContain("Comes off the page");
  });

  test("discard draft asks first, then shows the live text again", async () => {
    const { drafts } = await renderEditor("About");
    await keepAboutDraft("Unwanted");
    const confirm = vi.spyOn(window, "confirm").mockReturnValue(true);
    fireEvent.click(within(draftPanel()).getByRole("button", { name: "Discard draft" }));
    expect(confirm).toHaveBeenCalled();
    await screen.findByText(/Draft discarded/);
    expect((screen.getByRole("textbox", { name: "About text" }) as HTMLTextAreaElement).value).toBe(
      "Live text",
    );
    expect(await drafts.changes("About")).toEqual([]);
  });

  test("saving a new edit of a drafted item makes it live as shown, and its draft goes", async () => {
    const { store, drafts } = await renderEditor("About");
    await keepAboutDraft("Drafted");
    fireEvent.change(screen.getByRole("textbox", { name: "About text" }), {
      target: { value: "Straight to live" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Save changes" }));
    await screen.findByText(/Saved at/);
    expect(store.stored("About", "about")?.data).toBe("Straight to live");
    expect(await drafts.changes("About")).toEqual([]);
  });

  test("saving an edit of one line leaves another line's draft a draft, still shown", async () => {
    const { store, drafts } = await renderEditor("Clients");
    fireEvent.change(await screen.findByRole("textbox", { name: "Line 1" }), {
      target: { value: "First, drafted" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Save as draft" }));
    await screen.findByText(/Kept as a draft at/);
    fireEvent.change(screen.getByRole("textbox", { name: "Line 2" }), {
      target: { value: "Second, live now" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Save changes" }));
    await screen.findByText(/Saved at/);
    expect(store.stored("Clients", "b")?.itemData).toBe("Second, live now");
    expect(store.stored("Clients", "a")?.itemData).toBe("First line");
    expect(await drafts.changes("Clients")).toMatchObject([{ itemId: "a", kind: "put" }]);
    expect((screen.getByRole("textbox", { name: "Line 1" }) as HTMLInputElement).value).toBe(
      "First, drafted",
    );
    // Nothing unsaved: the kept draft can be published.
    expect(
      within(draftPanel())
        .getByRole("button", { name: "Publish now" })
        .getAttribute("aria-disabled"),
    ).toBeNull();
  });

  test("with nothing edited since the draft, Save changes sends nothing", async () => {
    const { store } = await renderEditor("About");
    await keepAboutDraft("Only a draft");
    fireEvent.click(screen.getByRole("button", { name: "Save changes" }));
    await screen.findByText("Nothing to save: no changes.");
    expect(store.writes()).toEqual([]);
    expect(store.stored("About", "about")?.data).toBe("Live text");
  });

  test("with unsaved edits, Publish now is unavailable and says why", async () => {
    await renderEditor("About");
    await keepAboutDraft("Kept");
    fireEvent.change(screen.getByRole("textbox", { name: "About text" }), {
      target: { value: "Not kept yet" },
    });
    const publish = within(draftPanel()).getByRole("button", { name: "Publish now" });
    expect(publish.getAttribute("aria-disabled")).toBe("true");
    expect(
      document.getElementById(publish.getAttribute("aria-describedby") ?? "")?.textContent,
    ).toContain("save them as a draft");
  });
});
