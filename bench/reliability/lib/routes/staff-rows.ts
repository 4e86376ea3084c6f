/**
 * @module The owner's own routes (one identity): collaborators and the owner's
 * e-mail for resets. Owner only: a collaborator's session is refused (403) as the API key is.
 */
import { OWNER_PASSWORD } from "../reliability-store.ts";
import { enc, type RouteRow } from "./route-row.ts";

/** The collaborator the reliability store seeds for the remove row. */
export const SEEDED_COLLABORATOR_ID = "collaborator-to-remove";

export const OWNER_ONLY_ROWS: RouteRow[] = [
  {
    name: "collaborators list",
    method: "GET",
    pattern: "/admin/api/collaborators",
    access: { kind: "owner" },
    example: () => ({ url: "/admin/api/collaborators" }),
  },
  {
    name: "collaborator invite",
    method: "POST",
    pattern: "/admin/api/collaborators",
    access: { kind: "owner" },
    example: () => ({ url: "/admin/api/collaborators", body: { email: "invited@example.com" } }),
  },
  {
    name: "collaborator remove",
    method: "DELETE",
    pattern: "/admin/api/collaborators/:id",
    access: { kind: "owner" },
    example: () => ({ url: `/admin/api/collaborators/${enc(SEEDED_COLLABORATOR_ID)}` }),
  },
  {
    name: "owner e-mail",
    method: "PUT",
    pattern: "/admin/api/account/email",
    access: { kind: "owner" },
    example: () => ({
      url: "/admin/api/account/email",
      body: { email: "owner@example.com", password: OWNER_PASSWORD },
    }),
  },
];
