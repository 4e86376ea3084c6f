import type { InjectOptions } from "fastify";
import { afterEach, describe, expect, test } from "vitest";
import {
  createOwnerKit,
  OWNER_PASSWORD,
  type OwnerKit,
  type SignedIn,
  sessionCookieOf,
} from "../../main/test-kit/owner-signed-in.ts";

let kit: OwnerKit;
afterEach(() => kit.app.close());

const EDITOR_EMAIL = "assistant@example.com";
const EDITOR_PASSWORD = "the assistant's own password";

const codeOf = (response: { json: () => unknown }) =>
  (response.json() as { details: { applicationError?: { code: string } } }).details.applicationError
    ?.code;

async function lastMailTo(recipient: string): Promise<string> {
  await new Promise((resolve) => setImmediate(resolve));
  const row = kit.db
    .prepare("SELECT body FROM mail_outbox WHERE recipient = ? ORDER BY id DESC")
    .get(recipient) as { body: string } | undefined;
  return row?.body ?? "";
}

async function editorSignIn(password = EDITOR_PASSWORD) {
  return kit.app.inject({
    method: "POST",
    url: "/admin/api/sign-in",
    payload: { email: EDITOR_EMAIL, password },
  });
}

/** The owner invites the assistant, who accepts and signs in. */
async function signedInEditor(): Promise<{ owner: SignedIn; editor: SignedIn; id: string }> {
  const owner = await kit.signedIn();
  const invite = await kit.asOwner(owner, {
    method: "POST",
    url: "/admin/api/collaborators",
    payload: { email: EDITOR_EMAIL },
  });
  const { id } = invite.json() as { id: string };
  const token = /token=([\w-]+)/.exec(await lastMailTo(EDITOR_EMAIL))?.[1];
  const accept = await kit.app.inject({
    method: "POST",
    url: "/admin/api/reset",
    payload: { token, password: EDITOR_PASSWORD },
  });
  expect(accept.statusCode).toBe(200);
  const response = await editorSignIn();
  expect(response.json()).toMatchObject({ signedIn: true, role: "editor" });
  return {
    owner,
    id,
    editor: {
      cookie: sessionCookieOf(response),
      csrfToken: (response.json() as { csrfToken: string }).csrfToken,
    },
  };
}

describe("inviting a collaborator", () => {
  test("mails a link to the store's own address that lets the assistant choose a password", async () => {
    kit = await createOwnerKit();
    await signedInEditor();
    expect(await lastMailTo(EDITOR_EMAIL)).toMatch(
      /http:\/\/localhost\/admin\/reset\?token=[\w-]+&invited=1/,
    );
    const list = await kit.asOwner(await kit.signedIn(), {
      method: "GET",
      url: "/admin/api/collaborators",
    });
    expect(list.json()).toMatchObject({
      collaborators: [{ email: EDITOR_EMAIL, status: "ACTIVE", twoFactor: false }],
    });
  });

  test("the audit log names the collaborator who chose a password from the mail, not the owner", async () => {
    kit = await createOwnerKit();
    const { owner } = await signedInEditor();
    const page = await kit.asOwner(owner, { method: "GET", url: "/admin/api/audit" });
    const sentences = (page.json() as { entries: { sentence: string }[] }).entries.map(
      (entry) => entry.sentence,
    );
    expect(sentences).toContain(
      `${EDITOR_EMAIL} (collaborator) chose a password from a mailed link.`,
    );
    expect(sentences.join(" ")).not.toContain("The owner's password was set");
  });

  test("an address a member already has is refused", async () => {
    kit = await createOwnerKit();
    kit.db
      .prepare(
        "INSERT INTO identities (id, email, status, created_at, updated_at) VALUES ('m1', ?, 'ACTIVE', 0, 0)",
      )
      .run(EDITOR_EMAIL);
    const response = await kit.asOwner(await kit.signedIn(), {
      method: "POST",
      url: "/admin/api/collaborators",
      payload: { email: EDITOR_EMAIL },
    });
    expect(response.statusCode).toBe(409);
    expect(codeOf(response)).toBe("OWNER_EMAIL_TAKEN");
  });

  test("the collaborator's password opens no member login", async () => {
    kit = await createOwnerKit();
    await signedInEditor();
    const response = await kit.app.inject({
      method: "POST",
      url: "/_api/iam/authentication/v2/login",
      payload: { loginId: { email: EDITOR_EMAIL }, password: EDITOR_PASSWORD },
    });
    expect(response.body).toContain("-19976");
  });
});

describe("a collaborator", () => {
  test("with the owner's review off, writes a text through the data API with the editor session", async () => {
    kit = await createOwnerKit();
    const { owner, editor } = await signedInEditor();
    await kit.asOwner(owner, {
      method: "PUT",
      url: "/admin/api/review/setting",
      payload: { on: false },
    });
    const response = await kit.asOwner(editor, {
      method: "POST",
      url: "/wix-data/v2/items",
      payload: { dataCollectionId: "About", dataItem: { data: { title_fld: "About", text: "x" } } },
    });
    expect(response.statusCode).toBe(200);
  });

  const FORBIDDEN: [string, InjectOptions][] = [
    ["lists members", { method: "GET", url: "/admin/api/members" }],
    ["blocks a member", { method: "POST", url: "/admin/api/members/m1/block", payload: {} }],
    ["deletes a member", { method: "DELETE", url: "/admin/api/members/m1" }],
    [
      "changes the member settings",
      { method: "PUT", url: "/admin/api/member-settings", payload: { requireApproval: true } },
    ],
    ["lists collaborators", { method: "GET", url: "/admin/api/collaborators" }],
    [
      "invites another collaborator",
      { method: "POST", url: "/admin/api/collaborators", payload: { email: "x@example.com" } },
    ],
    ["lists the owner's pending client invitations", { method: "GET", url: "/admin/api/invites" }],
    [
      "invites a client",
      {
        method: "POST",
        url: "/admin/api/invites",
        payload: { email: "client@example.com", name: "Client" },
      },
    ],
    ["withdraws a client invitation", { method: "DELETE", url: "/admin/api/invites/i1" }],
    ["reads where the owner's notices go", { method: "GET", url: "/admin/api/notices" }],
    // Without the guard this answers OWNER_EMAIL_REQUIRED (409): the owner has no address here.
    [
      "sends the owner a test mail",
      { method: "POST", url: "/admin/api/notices/test-mail", payload: {} },
    ],
    [
      "sets the owner's e-mail",
      {
        method: "PUT",
        url: "/admin/api/account/email",
        payload: { email: "x@example.com", password: EDITOR_PASSWORD },
      },
    ],
    [
      "writes the site's settings through the data API",
      {
        method: "POST",
        url: "/wix-data/v2/items",
        payload: { dataCollectionId: "SiteSettings", dataItem: { data: { name: "Mallory" } } },
      },
    ],
    [
      "creates a collection through the data API",
      {
        method: "POST",
        url: "/v2/collections",
        payload: {
          collection: {
            id: "Mine",
            displayName: "Mine",
            displayField: "title",
            fields: [{ key: "title", type: "TEXT", displayName: "Title" }],
            permissions: { read: "ANYONE", insert: "ADMIN", update: "ADMIN", remove: "ADMIN" },
          },
        },
      },
    ],
  ];

  test.each(FORBIDDEN)(
    "is refused with 403 OWNER_ROLE_REQUIRED when it %s",
    async (_name, call) => {
      kit = await createOwnerKit();
      const { editor } = await signedInEditor();
      const response = await kit.asOwner(editor, call);
      expect(response.statusCode).toBe(403);
      expect(codeOf(response)).toBe("OWNER_ROLE_REQUIRED");
    },
  );

  test("removed by the owner, is signed out at once: the kept cookie no longer works", async () => {
    kit = await createOwnerKit();
    const { owner, editor, id } = await signedInEditor();
    const removed = await kit.asOwner(owner, {
      method: "DELETE",
      url: `/admin/api/collaborators/${id}`,
    });
    expect(removed.statusCode).toBe(200);
    const replay = await kit.asOwner(editor, {
      method: "POST",
      url: "/wix-data/v2/items",
      payload: { dataCollectionId: "About", dataItem: { data: { title_fld: "About" } } },
    });
    expect(replay.statusCode).toBe(401);
    expect(codeOf(await editorSignIn())).toBe("OWNER_WRONG_PASSWORD");
  });

  test("an invitation link used twice sets no second password", async () => {
    kit = await createOwnerKit();
    await signedInEditor();
    const token = /token=([\w-]+)/.exec(await lastMailTo(EDITOR_EMAIL))?.[1];
    const again = await kit.app.inject({
      method: "POST",
      url: "/admin/api/reset",
      payload: { token, password: "the attacker's password!" },
    });
    expect(codeOf(again)).toBe("OWNER_RESET_LINK_INVALID");
    expect((await editorSignIn()).statusCode).toBe(200);
  });

  test("a staff invitation sent to the members' recover endpoint is not used up there", async () => {
    kit = await createOwnerKit();
    const owner = await kit.signedIn();
    await kit.asOwner(owner, {
      method: "POST",
      url: "/admin/api/collaborators",
      payload: { email: EDITOR_EMAIL },
    });
    const token = /token=([\w-]+)/.exec(await lastMailTo(EDITOR_EMAIL))?.[1];
    const spent = await kit.app.inject({
      method: "POST",
      url: "/_api/iam/recovery/v1/recover",
      payload: { recoveryToken: token, password: "the attacker's password!" },
    });
    expect(codeOf(spent)).toBe("IDENTITY_RECOVERY_TOKEN_INVALID");
    const accept = await kit.app.inject({
      method: "POST",
      url: "/admin/api/reset",
      payload: { token, password: EDITOR_PASSWORD },
    });
    expect(accept.statusCode).toBe(200);
    expect((await editorSignIn()).json()).toMatchObject({ signedIn: true, role: "editor" });
  });

  test("the owner's sign-in without an e-mail stays the owner's", async () => {
    kit = await createOwnerKit();
    await signedInEditor();
    expect((await kit.signIn(OWNER_PASSWORD)).json()).toMatchObject({ role: "owner" });
  });
});
