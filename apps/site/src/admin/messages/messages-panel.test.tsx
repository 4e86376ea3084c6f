import { configure, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, expect, test, vi } from "vitest";
import { Announcer } from "../../components/ui/announcer.tsx";
import { type StoreInProcess, startStoreInProcess } from "../test-helpers/store-in-process.ts";
import { MessagesPanel } from "./messages-panel.tsx";

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 10_000 });

let running: StoreInProcess | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

test("the owner reads new messages, marks one read, archives it, and the store keeps each status", async () => {
  const store = await startStoreInProcess();
  running = store;
  const id = store.addContactMessage("Ada Visitor", "Can we talk <b>Monday</b>?");
  render(
    <Announcer>
      <MessagesPanel api={store.api} active />
    </Announcer>,
  );
  const list = await screen.findByRole("list", { name: "new messages" });
  const card = within(list)
    .getByRole("heading", { name: "Ada Visitor" })
    .closest("li") as HTMLElement;
  expect(within(card).getByText("Can we talk <b>Monday</b>?")).toBeTruthy();
  fireEvent.click(within(card).getByRole("button", { name: /as read/ }));
  await waitFor(() => expect(store.messageStatus(id)).toBe("read"));
  expect(await screen.findByText("No new messages.")).toBeTruthy();
  fireEvent.click(screen.getByRole("button", { name: /^Read \(1\)/ }));
  fireEvent.click(await screen.findByRole("button", { name: /as archived/ }));
  await waitFor(() => expect(store.messageStatus(id)).toBe("archived"));
});
