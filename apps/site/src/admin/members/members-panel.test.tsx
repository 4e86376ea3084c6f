import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, test, vi } from "vitest";
import { Announcer } from "../../components/ui/announcer.tsx";
import type { StoreInProcess } from "../test-helpers/store-in-process.ts";
import { storePerTest } from "../test-helpers/store-per-test.ts";
import { MembersPanel } from "./members-panel.tsx";

const startStore = storePerTest();

afterEach(() => {
  vi.restoreAllMocks();
});

async function renderPanel(setup: (store: StoreInProcess) => void) {
  const store = await startStore();
  setup(store);
  render(
    <Announcer>
      <MembersPanel api={store.api} active />
    </Announcer>,
  );
  return store;
}

const cardOf = async (email: string) =>
  (await screen.findByRole("heading", { name: email })).closest("li") as HTMLElement;

describe("members view", () => {
  test("lists members with their status and finds one by e-mail", async () => {
    await renderPanel((store) => {
      store.addMember("ada@example.com");
      store.addMember("bob@example.com", "PENDING", ["PENDING_ADMIN_APPROVAL_REQUIRED"]);
    });
    expect(within(await cardOf("ada@example.com")).getByText("Active")).toBeTruthy();
    expect(
      within(await cardOf("bob@example.com")).getByText("Last sign-in").nextSibling?.textContent,
    ).toBe("Never");
    fireEvent.change(screen.getByRole("searchbox", { name: "Search by e-mail" }), {
      target: { value: "BOB" },
    });
    await waitFor(() =>
      expect(screen.queryByRole("heading", { name: "ada@example.com" })).toBeNull(),
    );
    expect(screen.getByText("Pending: waiting for approval")).toBeTruthy();
  });

  test("approve, block and unblock change the stored member and say so", async () => {
    let bob = "";
    const store = await renderPanel((s) => {
      bob = s.addMember("bob@example.com", "PENDING", ["PENDING_ADMIN_APPROVAL_REQUIRED"]);
    });
    fireEvent.click(await screen.findByRole("button", { name: "Approve bob@example.com" }));
    await waitFor(() => expect(store.memberStatus(bob)).toBe("ACTIVE"));
    vi.spyOn(window, "confirm").mockReturnValue(true);
    fireEvent.click(await screen.findByRole("button", { name: "Block bob@example.com" }));
    await waitFor(() => expect(store.memberStatus(bob)).toBe("BLOCKED"));
    expect(await screen.findByText("Blocked")).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole("status").textContent).toContain("bob@example.com is blocked"),
    );
    fireEvent.click(await screen.findByRole("button", { name: "Unblock bob@example.com" }));
    await waitFor(() => expect(store.memberStatus(bob)).toBe("ACTIVE"));
  });

  test("delete asks first; declining changes nothing, confirming removes the member", async () => {
    let ada = "";
    const store = await renderPanel((s) => {
      ada = s.addMember("ada@example.com");
    });
    const confirm = vi
      .spyOn(window, "confirm")
      .mockReturnValueOnce(false)
      .mockReturnValueOnce(true);
    const remove = await screen.findByRole("button", { name: "Delete ada@example.com" });
    fireEvent.click(remove);
    expect(store.memberStatus(ada)).toBe("ACTIVE");
    fireEvent.click(remove);
    await waitFor(() => expect(store.memberStatus(ada)).toBeNull());
    expect(confirm).toHaveBeenCalledTimes(2);
    expect(await screen.findByText("No members yet.")).toBeTruthy();
  });

  test("block asks first; declining leaves the member active", async () => {
    let ada = "";
    const store = await renderPanel((s) => {
      ada = s.addMember("ada@example.com");
    });
    const confirm = vi.spyOn(window, "confirm").mockReturnValue(false);
    fireEvent.click(await screen.findByRole("button", { name: "Block ada@example.com" }));
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(String(confirm.mock.calls[0]?.[0])).toContain("Block ada@example.com?");
    expect(store.memberStatus(ada)).toBe("ACTIVE");
  });

  test("a member with a password is not offered an activation e-mail; two-step status is shown", async () => {
    await renderPanel((s) => {
      s.addMember("ada@example.com", "ACTIVE", [], "stored-hash");
      s.addMember("new@example.com");
    });
    const ada = await cardOf("ada@example.com");
    expect(within(ada).queryByRole("button", { name: /Resend activation/ })).toBeNull();
    expect(within(ada).getByText("Two-step sign-in").nextSibling?.textContent).toBe("Off");
    const fresh = await cardOf("new@example.com");
    expect(within(fresh).getByRole("button", { name: /Resend activation/ })).toBeTruthy();
  });

  test("the approval setting is the store's and changes there", async () => {
    const store = await renderPanel(() => {});
    const box = await screen.findByRole("checkbox", { name: /wait for my approval/ });
    await waitFor(() => expect((box as HTMLInputElement).disabled).toBe(false));
    expect((box as HTMLInputElement).checked).toBe(false);
    fireEvent.click(box);
    await waitFor(() => expect((box as HTMLInputElement).checked).toBe(true));
    expect((await store.api.members()).settings.requireApproval).toBe(true);
  });
});
