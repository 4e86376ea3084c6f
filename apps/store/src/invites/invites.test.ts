/**
 * The owner invites a client: the mail names the site and the consultant and carries a link
 * that works once, expires, dies when withdrawn or resent, and is kept only as a digest; the
 * client chooses a password on the page it opens, is greeted by name, and finds what the owner
 * chose to share.
 */
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { codeOf, violatedFields } from "../main/test-kit/api.ts";
import { createFilesKit, type FilesKit, ownerFile } from "../main/test-kit/files-kit.ts";
import { ORIGIN } from "../main/test-kit/identity-kit.ts";
import { type OwnerCalls, ownerSignedIn } from "../main/test-kit/owner-signed-in.ts";

const JO = "jo@client.example";
const PASSWORD = "a client's long password";

let k: FilesKit;
let asOwner: OwnerCalls;
beforeEach(async () => {
  k = await createFilesKit();
  k.insert("SiteSettings", [
    { _id: "site", name: "Alex Sample", company: "Sample Consulting LLC" },
  ]);
  k.insert("ClientResources", [{ _id: "welcome", title: "Welcome pack", text: "", url: "" }]);
  asOwner = (await ownerSignedIn(k)).call;
});
afterEach(() => k.close());

type Invite = { id: string; email: string; name: string };

async function inviteJo(extra: Record<string, unknown> = {}): Promise<Invite> {
  const answer = await asOwner("POST", "/admin/api/invites", {
    email: JO,
    name: "Jo Client",
    ...extra,
  });
  expect(answer.statusCode).toBe(200);
  return answer.json().invite as Invite;
}

/** The link in the newest invitation mail to Jo. */
function mailedLink(): string {
  const body = k.outbox(JO).at(-1)?.body ?? "";
  return /https?:\/\/\S+\/members\/invite\?token=\S+/.exec(body)?.[0] ?? "";
}

function tokenOf(link: string): string {
  return new URL(link).searchParams.get("token") ?? "";
}

function openPage(token: string) {
  return k.app.inject({ method: "GET", url: `/members/invite?token=${encodeURIComponent(token)}` });
}

function accept(token: string, password = PASSWORD) {
  return k.app.inject({
    method: "POST",
    url: "/members/invite",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams({ token, password }).toString(),
  });
}

describe("inviting a client", () => {
  test("the mail names the consultant and the site; the client is greeted by name and finds what was shared", async () => {
    const file = await ownerFile(k, "report.pdf");
    await inviteJo({ message: "Here is our plan.", resourceIds: ["welcome"], fileIds: [file] });
    const mail = k.outbox(JO).at(-1);
    expect(mail?.subject).toBe(
      "Alex Sample invites you to the client area of Sample Consulting LLC",
    );
    expect(mail?.body).toContain("Hello Jo Client,");
    expect(mail?.body).toContain("Here is our plan.");
    const link = mailedLink();
    expect(link.startsWith(`${ORIGIN}/members/invite?token=`)).toBe(true);

    const page = await openPage(tokenOf(link));
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Welcome, Jo Client");
    expect(page.body).toContain("Alex Sample invited you");
    const done = await accept(tokenOf(link));
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain("Welcome, Jo Client");

    const tokens = await k.memberTokens(JO, PASSWORD);
    const me = await k.app.inject({
      method: "GET",
      url: "/members/api/me",
      headers: { authorization: tokens.access_token },
    });
    expect(me.json()).toEqual({ email: JO, firstName: "Jo Client" });
    // The link proved the mailbox: the owner sees an active, verified client, waiting for nothing.
    const listed = (await asOwner("GET", "/admin/api/members")).json().members;
    expect(listed.find((m: { email: string }) => m.email === JO)).toMatchObject({
      status: "ACTIVE",
      reasons: [],
      emailVerified: true,
    });
    const files = await k.list(tokens.access_token);
    expect(files.json().files.map((f: { name: string }) => f.name)).toEqual(["report.pdf"]);
    const resources = k.db
      .prepare<[], { data: string }>(
        "SELECT data FROM items WHERE collection_id = 'ClientResources'",
      )
      .all()
      .map((row) => JSON.parse(row.data) as { title: string; memberId?: string });
    expect(resources.filter((item) => item.memberId).map((item) => item.title)).toEqual([
      "Welcome pack",
    ]);
    expect((await asOwner("GET", "/admin/api/invites")).json().invites).toEqual([]);
    const log = (await asOwner("GET", "/admin/api/audit")).json().entries as { sentence: string }[];
    expect(log.map((entry) => entry.sentence)).toEqual(
      expect.arrayContaining([
        "You invited Jo Client (jo@client.example).",
        "Jo Client accepted your invitation and joined.",
        "You shared report.pdf with Jo Client.",
      ]),
    );
  });

  test("pending invitations are listed; a second one to the same address or a member's is refused", async () => {
    await inviteJo();
    const listed = (await asOwner("GET", "/admin/api/invites")).json().invites;
    expect(listed).toMatchObject([{ email: JO, name: "Jo Client" }]);
    const again = await asOwner("POST", "/admin/api/invites", { email: JO, name: "Jo" });
    expect(codeOf(again)).toBe("INVITE_EMAIL_TAKEN");
    await k.signUp("ada@example.com");
    const member = await asOwner("POST", "/admin/api/invites", {
      email: "ada@example.com",
      name: "Ada",
    });
    expect(codeOf(member)).toBe("INVITE_EMAIL_TAKEN");
  });

  test("bad input is named field by field and nothing is mailed", async () => {
    const answer = await asOwner("POST", "/admin/api/invites", {
      email: "nope",
      name: "",
      message: 5,
      resourceIds: ["missing"],
      fileIds: "x",
    });
    expect(answer.statusCode).toBe(400);
    expect(violatedFields(answer).sort()).toEqual([
      "email",
      "fileIds",
      "message",
      "name",
      "resourceIds",
    ]);
    expect(k.outbox(JO)).toEqual([]);
  });
});

describe("invitation link abuse", () => {
  test("an invitation link used twice sets no second password", async () => {
    await inviteJo();
    const token = tokenOf(mailedLink());
    expect((await accept(token)).statusCode).toBe(200);
    const second = await accept(token, "an attacker's other password");
    expect(second.statusCode).toBe(400);
    expect(second.body).toContain("This invitation cannot be used");
    await expect(k.memberTokens(JO, PASSWORD)).resolves.toBeDefined();
  });

  test("a withdrawn invitation's link is refused, and no account is made", async () => {
    const { id } = await inviteJo();
    const token = tokenOf(mailedLink());
    expect((await asOwner("DELETE", `/admin/api/invites/${id}`)).statusCode).toBe(200);
    expect((await openPage(token)).statusCode).toBe(400);
    expect((await accept(token)).statusCode).toBe(400);
    const members = (await asOwner("GET", "/admin/api/members")).json().members;
    expect(members.map((m: { email: string }) => m.email)).not.toContain(JO);
    expect(codeOf(await asOwner("DELETE", `/admin/api/invites/${id}`))).toBe("INVITE_NOT_FOUND");
  });

  test("a resent invitation's old link no longer works; the new one does", async () => {
    const { id } = await inviteJo();
    const old = tokenOf(mailedLink());
    expect((await asOwner("POST", `/admin/api/invites/${id}/resend`)).statusCode).toBe(200);
    const fresh = tokenOf(mailedLink());
    expect(fresh).not.toBe(old);
    expect((await accept(old)).statusCode).toBe(400);
    expect((await accept(fresh)).statusCode).toBe(200);
  });

  test("an expired invitation link is refused", async () => {
    await inviteJo();
    const token = tokenOf(mailedLink());
    k.clock.ms += 8 * 24 * 60 * 60 * 1000;
    expect((await openPage(token)).statusCode).toBe(400);
    expect((await accept(token)).statusCode).toBe(400);
  });

  test("invitation tokens are kept only as digests", async () => {
    await inviteJo();
    const token = tokenOf(mailedLink());
    const rows = k.db.prepare("SELECT * FROM client_invites").all();
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  test("a weak password is refused on the page and the link still works", async () => {
    await inviteJo();
    const token = tokenOf(mailedLink());
    const weak = await accept(token, "short");
    expect(weak.statusCode).toBe(400);
    expect(weak.body).toContain("Welcome, Jo Client");
    expect(weak.body).toContain("Password must be at least");
    expect((await accept(token)).statusCode).toBe(200);
  });

  test("a visitor, a member or the API key cannot invite", async () => {
    const anonymous = await k.post("/admin/api/invites", { email: JO, name: "Jo" });
    expect(anonymous.statusCode).toBe(401);
    const member = await k.signedInMember("ada@example.com");
    const asMember = await k.post(
      "/admin/api/invites",
      { email: JO, name: "Jo" },
      { authorization: member.token },
    );
    expect(asMember.statusCode).toBeGreaterThanOrEqual(401);
    const asKey = await k.post(
      "/admin/api/invites",
      { email: JO, name: "Jo" },
      { authorization: k.apiKey },
    );
    expect(asKey.statusCode).toBeGreaterThanOrEqual(401);
    expect(k.outbox(JO)).toEqual([]);
  });

  test("a client the owner deletes leaves their address and name in no invitation and no audit entry", async () => {
    const file = await ownerFile(k, "report.pdf");
    await inviteJo({ fileIds: [file] });
    expect((await accept(tokenOf(mailedLink()))).statusCode).toBe(200);
    const members = (await asOwner("GET", "/admin/api/members")).json().members;
    const jo = members.find((m: { email: string }) => m.email === JO);
    expect((await asOwner("DELETE", `/admin/api/members/${jo.id}`)).statusCode).toBe(200);
    const kept = JSON.stringify([
      k.db.prepare("SELECT * FROM client_invites").all(),
      k.db.prepare("SELECT * FROM audit_log").all(),
    ]);
    for (const trace of [JO, "Jo Client", jo.id]) expect(kept).not.toContain(trace);
  });
});
