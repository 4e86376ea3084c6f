import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { createItemHistory } from "../data/storage/item-history.ts";
import { createOwnerKit, type OwnerKit, type SignedIn } from "../main/test-kit/owner-signed-in.ts";

let kit: OwnerKit;
let owner: SignedIn;

beforeEach(async () => {
  kit = await createOwnerKit();
  owner = await kit.signedIn();
  kit.insert("About", [{ _id: "about", title_fld: "About", data: "Stored" }]);
});
afterEach(() => kit.app.close());

function loadedVersion(): string {
  const item = kit.store.getItem("About", "about");
  if (item === null) throw new Error("the item is gone");
  return (item.data._updatedDate as { $date: string }).$date;
}

function update(text: string, options: { csrf?: boolean; version?: string } = {}) {
  kit.clock.ms += 1000;
  return kit.asOwner(owner, {
    method: "POST",
    url: "/wix-data/v2/items/update",
    csrf: options.csrf ?? true,
    payload: {
      dataCollectionId: "About",
      dataItem: { id: "about", data: { _id: "about", title_fld: "About", data: text } },
      condition: {
        filter: { _updatedDate: { $eq: { $date: options.version ?? loadedVersion() } } },
      },
    },
  });
}

const versions = () =>
  createItemHistory(kit.db)
    .list("About", "about", { limit: 10 })
    .versions.map((version) => version.data.data);

describe("the owner session on the data-items API", () => {
  test("saves with the CSRF token as an admin, and the previous version enters the history", async () => {
    const response = await update("Edited");
    expect(response.statusCode).toBe(200);
    expect(kit.store.getItem("About", "about")?.data.data).toBe("Edited");
    expect(versions()).toEqual(["Stored"]);
  });

  test("without the CSRF token the session gives no write access", async () => {
    const response = await update("Forged", { csrf: false });
    expect(response.statusCode).toBe(401);
    expect(kit.store.getItem("About", "about")?.data.data).toBe("Stored");
  });

  test("a stale condition is refused with 409 and nothing is written", async () => {
    const seen = loadedVersion();
    await update("Saved in another tab");
    const stale = await update("Stale tab", { version: seen });
    expect(stale.statusCode).toBe(409);
    expect(kit.store.getItem("About", "about")?.data.data).toBe("Saved in another tab");
    expect(versions()).toEqual(["Stored"]);
  });

  test("an ended session gives no write access", async () => {
    await kit.asOwner(owner, { method: "POST", url: "/admin/api/sign-out" });
    expect((await update("After sign-out")).statusCode).toBe(401);
  });

  // The session outlives nothing about the identity it was opened for.
  test.each([
    [
      "blocked",
      "UPDATE identities SET status = 'BLOCKED' WHERE role = 'owner'",
      "UPDATE identities SET status = 'ACTIVE'",
    ],
    [
      "made a member",
      "UPDATE identities SET role = 'member' WHERE role = 'owner'",
      "UPDATE identities SET role = 'owner'",
    ],
    ["deleted", "DELETE FROM identities WHERE role = 'owner'", null],
  ])(
    "a kept cookie of an identity since %s neither writes nor reads as the owner, and its session ends",
    async (_what, change, undo) => {
      kit.db.prepare(change).run();
      expect((await update("After the change")).statusCode).toBe(401);
      const read = await kit.asOwner(owner, { method: "GET", url: "/admin/api/session" });
      expect(read.json()).toMatchObject({ signedIn: false });
      expect(kit.store.getItem("About", "about")?.data.data).toBe("Stored");
      if (undo === null) return;
      // Undoing the change does not bring the ended session back.
      kit.db.prepare(undo).run();
      expect((await update("After the undo")).statusCode).toBe(401);
    },
  );
});
