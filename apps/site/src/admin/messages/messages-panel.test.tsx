import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { expect, test } from "vitest";
import { Announcer } from "../../components/ui/announcer.tsx";
import { storePerTest } from "../test-helpers/store-per-test.ts";
import { MessagesPanel } from "./messages-panel.tsx";
import { useNewMessages } from "./use-new-messages.ts";

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

function WithCount({ api }: { api: Parameters<typeof MessagesPanel>[0]["api"] }) {
  const [count, recount] = useNewMessages(api, true);
  return (
    <>
      <p data-testid="count">{count === null ? "…" : `${count} new`}</p>
      <MessagesPanel api={api} active onChanged={recount} />
    </>
  );
}

test("the count of new messages follows what the owner reads, and each message offers a reply by e-mail", async () => {
  const store = await startStore();
  store.addContactMessage("Ada Visitor", "First");
  store.addContactMessage("Bob Visitor", "Second\nline");
  render(
    <Announcer>
      <WithCount api={store.api} />
    </Announcer>,
  );
  await waitFor(() => expect(screen.getByTestId("count").textContent).toBe("2 new"));
  const list = await screen.findByRole("list", { name: "new messages" });
  const reply = within(list).getByRole("link", { name: "Reply to Bob Visitor by e-mail" });
  const url = new URL(reply.getAttribute("href") ?? "");
  expect(url.protocol).toBe("mailto:");
  expect(url.searchParams.get("body")).toContain("> Second\r\n> line");
  fireEvent.click(within(list).getByRole("button", { name: /Ada Visitor as read/ }));
  await waitFor(() => expect(screen.getByTestId("count").textContent).toBe("1 new"));
});
