/** What each write is called in the audit log; reads sent as POST and sign-ins are not changes. */
import { describe, expect, test } from "vitest";
import { type AuditedRequest, auditActionOf } from "./audit-actions.ts";

const request = (method: string, route: string, extra: Partial<AuditedRequest> = {}) => ({
  method,
  route,
  params: {},
  body: undefined,
  query: {},
  ...extra,
});

describe("audit actions", () => {
  test("content writes name the collection and the item", () => {
    expect(
      auditActionOf(
        request("PUT", "/wix-data/v2/items/:dataItemId", {
          params: { dataItemId: "about" },
          body: { dataCollectionId: "About" },
        }),
      ),
    ).toEqual({ action: "content.save", target: "About/about" });
    expect(
      auditActionOf(
        request("POST", "/v2/bulk/items/remove", { body: { dataCollectionId: "Clients" } }),
      ),
    ).toEqual({ action: "content.remove", target: "Clients" });
    expect(
      auditActionOf(
        request("POST", "/admin/api/history/:collectionId/:itemId/restore", {
          params: { collectionId: "About", itemId: "about" },
        }),
      ),
    ).toEqual({ action: "content.restore", target: "About/about" });
  });

  test("drafts and preview links are named, a publish with a time as a scheduling", () => {
    const publish = (body: unknown) =>
      auditActionOf(request("POST", "/admin/api/drafts/publish", { body }));
    expect(publish({ collectionId: "Clients" })).toEqual({
      action: "draft.publish",
      target: "Clients",
    });
    expect(publish({ collectionId: "Clients", at: "2027-01-01T00:00:00Z" })).toEqual({
      action: "draft.schedule",
      target: "Clients",
    });
    expect(
      auditActionOf(
        request("POST", "/admin/api/drafts/unpublish", {
          body: { collectionId: "Services", itemId: "s1", at: "2027-01-01T00:00:00Z" },
        }),
      ),
    ).toEqual({ action: "draft.unpublish", target: "Services/s1" });
    expect(
      auditActionOf(request("PUT", "/admin/api/drafts", { body: { collectionId: "About" } })),
    ).toEqual({ action: "draft.save", target: "About" });
    expect(
      auditActionOf(
        request("DELETE", "/admin/api/preview-links/:id", { params: { id: "link-1" } }),
      ),
    ).toEqual({ action: "preview-link.revoke", target: "link-1" });
  });

  test("reads sent as POST, sign-ins and previews are not changes", () => {
    for (const route of [
      "/wix-data/v2/items/query",
      "/wix-data/v2/items/count",
      "/v2/items/query-referenced",
      "/admin/api/sign-in",
      "/admin/api/preview",
      "/graphql/v1",
    ]) {
      expect(auditActionOf(request("POST", route))).toBeNull();
    }
    expect(auditActionOf(request("GET", "/admin/api/members"))).toBeNull();
  });

  test("a member's deletion names no one; other member actions name the member's id", () => {
    expect(
      auditActionOf(
        request("DELETE", "/admin/api/members/:memberId", { params: { memberId: "m1" } }),
      ),
    ).toEqual({ action: "member.delete", target: null });
    expect(
      auditActionOf(
        request("POST", "/admin/api/members/:memberId/block", { params: { memberId: "m1" } }),
      ),
    ).toEqual({ action: "member.block", target: "m1" });
  });

  test("roles, pictures and settings; an unnamed /admin write keeps its route", () => {
    expect(
      auditActionOf(
        request("POST", "/admin/api/collaborators", { body: { email: "a@b.example" } }),
      ),
    ).toEqual({ action: "role.grant", target: "a@b.example" });
    expect(
      auditActionOf(request("POST", "/admin/api/pictures", { query: { slot: "portrait" } })),
    ).toEqual({ action: "picture.upload", target: "portrait" });
    expect(auditActionOf(request("PUT", "/admin/api/member-settings"))).toEqual({
      action: "settings.members",
      target: null,
    });
    expect(auditActionOf(request("POST", "/admin/api/something-new"))).toEqual({
      action: "POST /admin/api/something-new",
      target: null,
    });
  });
});
