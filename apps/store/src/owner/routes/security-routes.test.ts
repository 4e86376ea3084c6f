/**
 * The editor's security page: the owner's sessions and sign-ins, and the audit log
 * of who changed what, written as the abuse each stops (a cookie left on another computer, a
 * change nobody can trace, a forged request without the CSRF header).
 */
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { codeOf } from "../../main/test-kit/api.ts";
import {
  createOwnerKit,
  type OwnerKit,
  type SignedIn,
} from "../../main/test-kit/owner-signed-in.ts";

let kit: OwnerKit;
let owner: SignedIn;

beforeEach(async () => {
  kit = await createOwnerKit();
  owner = await kit.signedIn();
  kit.insert("About", [{ _id: "about", title_fld: "About", data: "first" }]);
});
afterEach(() => kit.app.close());

type Entry = { actor: string; action: string; target: string | null; address: string };
type AuditPage = { entries: Entry[]; next: number | null };

const audit = async (query = "") =>
  (
    await kit.asOwner(owner, { method: "GET", url: `/admin/api/audit${query}` })
  ).json() as AuditPage;

/** The entries but the owner's sign-in of the test's start. */
const changes = async () =>
  (await audit()).entries.filter((entry) => entry.action !== "account.sign-in");

const saveAbout = (who: SignedIn, data: string) =>
  kit.asOwner(who, {
    method: "PUT",
    url: "/wix-data/v2/items/about",
    payload: {
      dataCollectionId: "About",
      dataItem: { id: "about", data: { title_fld: "About", data } },
    },
    remoteAddress: "203.0.113.50",
  });

describe("audit log", () => {
  test("a content save names the owner, the item and the address it came from", async () => {
    const saved = await saveAbout(owner, "second");
    expect(saved.statusCode).toBe(200);
    const page = await audit();
    expect(page.entries[0]).toMatchObject({
      actor: "the owner",
      action: "content.save",
      target: "About/about",
      address: "203.0.113.50",
    });
  });

  test("a write refused for a missing CSRF header leaves no entry (nothing changed)", async () => {
    const forged = await kit.asOwner(owner, {
      method: "PUT",
      url: "/wix-data/v2/items/about",
      csrf: false,
      payload: { dataCollectionId: "About", dataItem: { id: "about", data: { data: "x" } } },
    });
    expect(forged.statusCode).toBeGreaterThanOrEqual(400);
    expect(await changes()).toEqual([]);
  });

  test("queries sent as POST are not changes", async () => {
    await kit.asOwner(owner, {
      method: "POST",
      url: "/wix-data/v2/items/query",
      payload: { dataCollectionId: "About" },
    });
    expect(await changes()).toEqual([]);
  });

  test("member settings are recorded, and the log pages newest first", async () => {
    await kit.asOwner(owner, {
      method: "PUT",
      url: "/admin/api/member-settings",
      payload: { requireApproval: true },
    });
    for (const data of ["a", "b", "c"]) await saveAbout(owner, data);
    const first = await audit();
    expect(first.entries.map((entry) => entry.action)).toEqual([
      "content.save",
      "content.save",
      "content.save",
      "settings.members",
      "account.sign-in",
    ]);
    expect(first.next).toBeNull();
    const top = await audit("?limit=3");
    expect(top.entries).toHaveLength(3);
    const rest = await audit(`?limit=3&before=${top.next}`);
    expect(rest.entries.map((entry) => entry.action)).toEqual([
      "settings.members",
      "account.sign-in",
    ]);
    expect(rest.next).toBeNull();
  });
});

describe("the owner's sessions", () => {
  test("a session left on another computer is ended from here and its cookie refused", async () => {
    const elsewhere = await kit.signedIn();
    const listed = (
      await kit.asOwner(owner, { method: "GET", url: "/admin/api/account/sessions" })
    ).json() as { sessions: { id: string; current: boolean }[] };
    expect(listed.sessions).toHaveLength(2);
    const other = listed.sessions.find((session) => !session.current);
    const ended = await kit.asOwner(owner, {
      method: "POST",
      url: `/admin/api/account/sessions/${other?.id}/end`,
    });
    expect(ended.statusCode).toBe(200);
    const refused = await kit.asOwner(elsewhere, { method: "GET", url: "/admin/api/members" });
    expect(codeOf(refused)).toBe("OWNER_SIGN_IN_REQUIRED");
    expect((await saveAbout(owner, "still mine")).statusCode).toBe(200);
  });

  test("ending sessions needs the CSRF header", async () => {
    const forged = await kit.asOwner(owner, {
      method: "POST",
      url: "/admin/api/account/sessions/end-others",
      csrf: false,
    });
    expect(codeOf(forged)).toBe("OWNER_CSRF_INVALID");
  });

  test("a wrong password shows in the owner's sign-in history as a failed password, with its address", async () => {
    kit.clock.ms += 1000;
    await kit.signIn("not the password", "198.51.100.77");
    const history = (
      await kit.asOwner(owner, { method: "GET", url: "/admin/api/account/sign-ins" })
    ).json() as { signIns: { outcome: string; method: string; address: string }[] };
    expect(history.signIns[0]).toMatchObject({
      outcome: "failure",
      method: "password",
      address: "198.51.100.77",
    });
    expect(history.signIns[1]).toMatchObject({ outcome: "success", address: "203.0.113.7" });
  });
});
