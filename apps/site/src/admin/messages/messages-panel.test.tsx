import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { expect, test } from "vitest";
import { Announcer } from "../../components/ui/announcer.tsx";
import { storePerTest } from "../test-helpers/store-per-test.ts";
import { MessagesPanel } from "./messages-panel.tsx";

const startStore = storePerTest();

test("the owner reads new messages, marks one read, archives it, and the store keeps each status", async () => {
  const store = await startStore();
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
