import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { beforeAll, describe, expect, test } from "vitest";
import { Announcer } from "../../components/ui/announcer.tsx";
import { polyfillDialog } from "../test-helpers/dialog-polyfill.ts";
import { storePerTest } from "../test-helpers/store-per-test.ts";
import { FirstRunChecklist } from "./first-run-checklist.tsx";

beforeAll(polyfillDialog);
const startStore = storePerTest();

const picture = (id: string, slot: string, file: string) => ({
  _id: id,
  slot,
  alt: id,
  src: `/media/${file}.svg`,
  width: 176,
  height: 56,
});

const CONTENT = {
  Pictures: [
    picture("portrait", "portrait", "5bc4efd41667b0af6890"),
    picture("cedar-sample-co", "client-logo", "f87562b699a9b600d93f"),
    picture("summit-mock-labs", "client-logo", "a914cb5a20c9e6c23fa5"),
    picture("acme", "client-logo", "0000000000000000acme"),
  ],
  ClientResources: [
    {
      _id: "welcome-pack",
      title: "Welcome pack",
      text: "",
      url: "https://example.com/welcome-pack",
    },
    { _id: "plan", title: "Your plan", text: "", url: "https://ana.example/plan" },
  ],
  About: [{ _id: "about", title_fld: "About", data: "Sample words about Alex" }],
};

describe("removing the sample content from the checklist", () => {
  test("asks first, then removes the invented logos and the sample resource and keeps the rest", async () => {
    const store = await startStore(structuredClone(CONTENT));
    let removed = 0;
    render(
      <Announcer>
        <FirstRunChecklist
          api={store.api}
          sampleEditsUnsaved={false}
          onSampleRemoved={() => removed++}
        />
      </Announcer>,
    );
    fireEvent.click(await screen.findByRole("button", { name: /Remove the sample content/ }));
    const dialog = screen.getByRole("dialog", { name: "Remove the sample content?" });
    expect(dialog.textContent).toContain("2 invented client logos");
    expect(dialog.textContent).toContain("1 sample resource (Welcome pack)");
    expect(dialog.textContent).toContain("The page's words stay");
    expect(store.stored("Pictures", "cedar-sample-co")).toBeTruthy();

    fireEvent.click(within(dialog).getByRole("button", { name: "Remove the sample content" }));
    await waitFor(() => expect(removed).toBe(1));
    expect(store.stored("Pictures", "cedar-sample-co")).toBeFalsy();
    expect(store.stored("Pictures", "summit-mock-labs")).toBeFalsy();
    expect(store.stored("ClientResources", "welcome-pack")).toBeFalsy();
    expect(store.stored("Pictures", "portrait")).toBeTruthy();
    expect(store.stored("Pictures", "acme")).toBeTruthy();
    expect(store.stored("ClientResources", "plan")).toBeTruthy();
    expect(store.stored("About", "about")).toMatchObject({ data: "Sample words about Alex" });
    await waitFor(() =>
      expect(screen.queryByRole("button", { name: /Remove the sample content/ })).toBeNull(),
    );
  });

  test("Keep it removes nothing", async () => {
    const store = await startStore(structuredClone(CONTENT));
    render(
      <Announcer>
        <FirstRunChecklist api={store.api} sampleEditsUnsaved onSampleRemoved={() => {}} />
      </Announcer>,
    );
    fireEvent.click(await screen.findByRole("button", { name: /Remove the sample content/ }));
    const dialog = screen.getByRole("dialog", { name: "Remove the sample content?" });
    expect(dialog.textContent).toContain("unsaved changes to Pictures or Client resources");
    fireEvent.click(within(dialog).getByRole("button", { name: "Keep it" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(store.stored("Pictures", "cedar-sample-co")).toBeTruthy();
    expect(store.stored("ClientResources", "welcome-pack")).toBeTruthy();
  });
});
