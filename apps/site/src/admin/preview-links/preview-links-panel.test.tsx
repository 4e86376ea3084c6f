import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, expect, test, vi } from "vitest";
import { Announcer } from "../../components/ui/announcer.tsx";
import { createDraftsApi } from "../api/drafts-api.ts";
import type { StoreInProcess } from "../test-helpers/store-in-process.ts";
import { storePerTest } from "../test-helpers/store-per-test.ts";
import { PreviewLinksPanel } from "./preview-links-panel.tsx";

const startStore = storePerTest();

afterEach(() => {
  vi.restoreAllMocks();
});

async function renderPanel() {
  const store = await startStore({
    About: [{ _id: "about", title_fld: "About", data: "Live" }],
  });
  render(
    <Announcer>
      <PreviewLinksPanel api={store.api} active />
    </Announcer>,
  );
  await screen.findByText("No live preview links.");
  return store;
}

/** A visitor's request (no session) for the link's page. */
async function visit(store: StoreInProcess, url: string): Promise<number> {
  const response = await store.createApi().sessionFetch(new URL(url).pathname);
  return response.status;
}

test("the owner creates a link for a day, sees its address once, and a visitor opens it until it is revoked", async () => {
  const store = await renderPanel();
  fireEvent.change(screen.getByLabelText("Label (optional)"), { target: { value: "For Sam" } });
  fireEvent.change(screen.getByLabelText("Expires after"), { target: { value: "24" } });
  fireEvent.click(screen.getByRole("button", { name: "Create link" }));

  const created = await screen.findByRole("region", { name: "New preview link" });
  const address = within(created).getByLabelText("Preview link for For Sam") as HTMLInputElement;
  expect(address.value).toMatch(/\/preview\/[A-Za-z0-9_-]{20,}$/);
  await waitFor(() => expect(document.activeElement).toBe(address));
  const list = await screen.findByRole("list", { name: "Live preview links" });
  expect(list.textContent).toContain("For Sam");
  expect(list.textContent).not.toContain(address.value);
  const [link] = await createDraftsApi(store.api).previewLinks();
  expect(Date.parse(link?.expiresAt ?? "") - Date.parse(link?.createdAt ?? "")).toBe(24 * 3600_000);
  expect(await visit(store, address.value)).toBe(200);

  const confirm = vi.spyOn(window, "confirm").mockReturnValue(true);
  fireEvent.click(within(list).getByRole("button", { name: "Revoke For Sam" }));
  expect(confirm).toHaveBeenCalled();
  await screen.findByText("No live preview links.");
  expect(screen.queryByRole("region", { name: "New preview link" })).toBeNull();
  expect(await visit(store, address.value)).toBe(404);
});

test("revoking asks first: declined, the link stays live", async () => {
  const store = await renderPanel();
  fireEvent.click(screen.getByRole("button", { name: "Create link" }));
  const list = await screen.findByRole("list", { name: "Live preview links" });
  vi.spyOn(window, "confirm").mockReturnValue(false);
  fireEvent.click(within(list).getByRole("button", { name: "Revoke the preview link" }));
  expect(await createDraftsApi(store.api).previewLinks()).toHaveLength(1);
});

test("copy puts the address on the clipboard and says so", async () => {
  await renderPanel();
  const writeText = vi.fn(async () => {});
  Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
  fireEvent.click(screen.getByRole("button", { name: "Create link" }));
  const created = await screen.findByRole("region", { name: "New preview link" });
  fireEvent.click(within(created).getByRole("button", { name: "Copy link" }));
  await within(created).findByText("Copied.");
  expect(writeText).toHaveBeenCalledWith(
    (within(created).getByRole("textbox") as HTMLInputElement).value,
  );
});
