import { afterEach, describe, expect, test } from "vitest";
import {
  createOwnerKit,
  type OwnerKit,
  type SignedIn,
} from "../../main/test-kit/owner-signed-in.ts";
import { writeStandInSite } from "../../main/test-kit/stand-in-site.ts";

let kit: OwnerKit;
afterEach(() => kit.app.close());

async function start(siteDir?: string): Promise<SignedIn> {
  kit = await createOwnerKit(siteDir ? { siteDir } : {});
  kit.insert("About", [{ _id: "about", title_fld: "About", data: "Stored text" }]);
  kit.insert("Clients", [{ _id: "c1", order: 1, itemData: "A client" }]);
  return kit.signedIn();
}

describe("collection items", () => {
  test("come with their system fields, for conditional saves", async () => {
    const owner = await start();
    const response = await kit.asOwner(owner, {
      method: "GET",
      url: "/admin/api/collections/About/items",
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      items: [
        {
          _id: "about",
          _createdDate: { $date: expect.any(String) },
          _updatedDate: { $date: expect.any(String) },
          _ownerId: "o",
          title_fld: "About",
          data: "Stored text",
        },
      ],
    });
  });

  test("of an unknown collection answer 404 WDE0025", async () => {
    const owner = await start();
    const response = await kit.asOwner(owner, {
      method: "GET",
      url: "/admin/api/collections/Nope/items",
    });
    expect(response.statusCode).toBe(404);
  });

  test("need a signed-in owner", async () => {
    await start();
    const response = await kit.app.inject({
      method: "GET",
      url: "/admin/api/collections/About/items",
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ message: "Sign in to continue" });
  });
});

describe("preview", () => {
  test("renders the real page with the unsaved items and writes nothing", async () => {
    const owner = await start(writeStandInSite());
    const version = kit.store.contentVersion();
    const response = await kit.asOwner(owner, {
      method: "POST",
      url: "/admin/api/preview",
      payload: { collectionId: "About", items: [{ title_fld: "About", data: "Unsaved text" }] },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    const content = JSON.parse(/<body>(.*)<\/body>/.exec(response.body)?.[1] ?? "{}");
    expect(content.About).toEqual([{ title_fld: "About", data: "Unsaved text" }]);
    expect(content.Clients).toEqual([expect.objectContaining({ itemData: "A client" })]);
    expect(kit.store.contentVersion()).toBe(version);
    expect(kit.store.getItem("About", "about")?.data.data).toBe("Stored text");
  });

  test("refuses items that are not objects", async () => {
    const owner = await start(writeStandInSite());
    const response = await kit.asOwner(owner, {
      method: "POST",
      url: "/admin/api/preview",
      payload: { collectionId: "About", items: ["text"] },
    });
    expect(response.statusCode).toBe(400);
  });
});

describe("editor page", () => {
  test("is served on /admin and /admin/setup, never framed or cached", async () => {
    await start(writeStandInSite());
    for (const url of ["/admin", "/admin/setup?token=x"]) {
      const response = await kit.app.inject({ method: "GET", url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="admin">');
      expect(response.headers["x-frame-options"]).toBe("DENY");
      expect(response.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
      expect(response.headers["cache-control"]).toBe("no-store");
      expect(response.headers["referrer-policy"]).toBe("no-referrer");
    }
  });

  test("says how to build it when the build has no editor", async () => {
    await start();
    const response = await kit.app.inject({ method: "GET", url: "/admin" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      details: { applicationError: { code: "OWNER_EDITOR_NOT_BUILT" } },
    });
  });
});
