import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  createOwnerKit,
  type OwnerKit,
  type SignedIn,
} from "../../main/test-kit/owner-signed-in.ts";

let kit: OwnerKit;
let owner: SignedIn;
const SECOND = 1000;

type Version = { versionId: number; data: Record<string, unknown>; change: string };
type Page = { versions: Version[]; nextBefore: number | null };

beforeEach(async () => {
  kit = await createOwnerKit();
  owner = await kit.signedIn();
  kit.insert("About", [{ _id: "about", title_fld: "About", data: "first" }]);
});
afterEach(() => kit.app.close());

function save(text: string) {
  kit.clock.ms += SECOND;
  kit.store.update("About", "about", { title_fld: "About", data: text }, kit.clock.ms);
}

function updatedDate(): string | null {
  const data = kit.store.getItem("About", "about")?.data;
  return (data?._updatedDate as { $date: string } | undefined)?.$date ?? null;
}

async function historyPage(query = ""): Promise<Page> {
  const response = await kit.asOwner(owner, {
    method: "GET",
    url: `/admin/api/history/About/about${query}`,
  });
  expect(response.statusCode).toBe(200);
  return response.json() as Page;
}

function restore(versionId: number, expectedUpdatedDate: string | null) {
  return kit.asOwner(owner, {
    method: "POST",
    url: "/admin/api/history/About/about/restore",
    payload: { versionId, expectedUpdatedDate },
  });
}

describe("history API", () => {
  test("lists an item's earlier versions newest first", async () => {
    save("second");
    save("third");
    const page = await historyPage();
    expect(page.versions.map((version) => version.data.data)).toEqual(["second", "first"]);
    expect(page.nextBefore).toBeNull();
  });

  test("pages with limit and before", async () => {
    for (const text of ["b", "c", "d"]) save(text);
    const first = await historyPage("?limit=2");
    expect(first.versions.map((version) => version.data.data)).toEqual(["c", "b"]);
    const rest = await historyPage(`?limit=2&before=${first.nextBefore}`);
    expect(rest.versions.map((version) => version.data.data)).toEqual(["first"]);
  });

  test("needs a signed-in owner", async () => {
    const response = await kit.app.inject({ method: "GET", url: "/admin/api/history/About/about" });
    expect(response.statusCode).toBe(401);
  });
});

describe("restore", () => {
  test("writes the old version as the newest and keeps the replaced one in the history", async () => {
    save("second");
    const [oldest] = (await historyPage()).versions;
    const response = await restore(oldest?.versionId ?? 0, updatedDate());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ item: { _id: "about", data: "first" } });
    expect(kit.store.getItem("About", "about")?.data.data).toBe("first");
    const versions = (await historyPage()).versions.map((version) => version.data.data);
    expect(versions).toEqual(["second", "first"]);
  });

  test("refuses with 409 and the stored item when the item changed since it was loaded", async () => {
    save("second");
    const seen = updatedDate();
    const [version] = (await historyPage()).versions;
    save("written in another tab");
    const response = await restore(version?.versionId ?? 0, seen);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      details: {
        applicationError: {
          code: "OWNER_VERSION_CONFLICT",
          data: { currentItem: { data: "written in another tab" } },
        },
      },
    });
    expect(kit.store.getItem("About", "about")?.data.data).toBe("written in another tab");
  });

  test("brings back a removed item", async () => {
    kit.store.remove("About", "about");
    const [removed] = (await historyPage()).versions;
    expect(removed?.change).toBe("removed");
    const response = await restore(removed?.versionId ?? 0, null);
    expect(response.statusCode).toBe(200);
    expect(kit.store.getItem("About", "about")?.data).toMatchObject({ data: "first" });
  });

  test("a version of another item is not found", async () => {
    kit.insert("About", [{ _id: "other", data: "x" }]);
    kit.store.update("About", "other", { data: "y" }, kit.clock.ms + 1);
    const other = await kit.asOwner(owner, {
      method: "GET",
      url: "/admin/api/history/About/other",
    });
    const [version] = (other.json() as Page).versions;
    const response = await restore(version?.versionId ?? 0, updatedDate());
    expect(response.statusCode).toBe(404);
  });

  test("needs the CSRF token", async () => {
    save("second");
    const [version] = (await historyPage()).versions;
    const response = await kit.asOwner(owner, {
      method: "POST",
      url: "/admin/api/history/About/about/restore",
      payload: { versionId: version?.versionId, expectedUpdatedDate: updatedDate() },
      csrf: false,
    });
    expect(response.statusCode).toBe(403);
    expect(kit.store.getItem("About", "about")?.data.data).toBe("second");
  });

  test("lists removed items of a collection so they can be restored", async () => {
    kit.store.remove("About", "about");
    const response = await kit.asOwner(owner, { method: "GET", url: "/admin/api/removed/About" });
    expect((response.json() as Page).versions.map((version) => version.data._id)).toEqual([
      "about",
    ]);
  });
});
