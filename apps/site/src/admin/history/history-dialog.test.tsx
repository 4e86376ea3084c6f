import { findCollection } from "@consultant/site-content/editor";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { beforeAll, expect, test } from "vitest";
import { Announcer } from "../../components/ui/announcer.tsx";
import { CollectionEditor } from "../editor/collection-editor.tsx";
import { polyfillDialog } from "../test-helpers/dialog-polyfill.ts";
import { storePerTest } from "../test-helpers/store-per-test.ts";

beforeAll(polyfillDialog);
const startStore = storePerTest();

test("Restore asks first, saying what goes live and what it replaces; Cancel keeps the live text", async () => {
  const store = await startStore({
    About: [{ _id: "about", title_fld: "About", data: "Old words" }],
  });
  const collection = findCollection("About");
  if (!collection) throw new Error("About");
  render(
    <Announcer>
      <CollectionEditor api={store.api} collection={collection} active onDirtyChange={() => {}} />
    </Announcer>,
  );
  fireEvent.change(await screen.findByRole("textbox", { name: "About text" }), {
    target: { value: "New words" },
  });
  fireEvent.click(screen.getByRole("button", { name: "Save changes" }));
  await screen.findByText(/Saved at/);

  fireEvent.click(screen.getByRole("button", { name: "History of About text" }));
  const dialog = await screen.findByRole("dialog", { name: "History of About text" });
  fireEvent.click(await within(dialog).findByRole("button", { name: /^Restore the version/ }));
  const question = within(dialog).getByRole("group", { name: "Restore this version?" });
  expect(question.textContent).toContain("It goes live on the public page at once:");
  expect(question.textContent).toContain("Old words");
  expect(question.textContent).toContain("It replaces: New words");
  expect(store.stored("About", "about")?.data).toBe("New words");

  fireEvent.click(within(question).getByRole("button", { name: "Cancel" }));
  expect(within(dialog).queryByRole("group", { name: "Restore this version?" })).toBeNull();
  expect(store.stored("About", "about")?.data).toBe("New words");

  fireEvent.click(within(dialog).getByRole("button", { name: /^Restore the version/ }));
  fireEvent.click(within(dialog).getByRole("button", { name: "Restore and publish" }));
  await waitFor(() => expect(store.stored("About", "about")?.data).toBe("Old words"));
});
