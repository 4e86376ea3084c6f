/**
 * The account page's changes as a member without JavaScript makes them: the name the pages greet
 * them by, a new password, ending a session elsewhere, the export and deleting the account; and
 * the same forms posted by another site (no CSRF token) or on a stale sign-in changing nothing.
 */
import { unzipSync } from "fflate";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { createMemberKit, type MemberKit, PASSWORD } from "../../main/test-kit/identity-kit.ts";
import { createMemberBrowser, type MemberBrowser } from "../../main/test-kit/member-browser.ts";
import { readPage } from "../../main/test-kit/page-reader.ts";

let k: MemberKit;
let browser: MemberBrowser;
beforeEach(async () => {
  k = await createMemberKit();
  browser = createMemberBrowser(k);
});
afterEach(() => k.close());

const NEW_PASSWORD = "a fresh member password";
const ELEVEN_MINUTES = 11 * 60 * 1000;

/** Signs up on the page with a name, confirms the mailed code, and lands on the account page. */
async function signUpOnPage(pages: MemberBrowser, name: string, email: string) {
  const sent = await pages.submit("/members/sign-up", { name, email, password: PASSWORD });
  const stateToken = /name="stateToken" value="([^"]+)"/.exec(sent.body)?.[1] ?? "";
  await pages.submit("/members/verify-email", { stateToken, code: await k.mailedCode(email) });
  return pages.get("/members/account");
}

describe("the name", () => {
  test("the page greets the member by the name given at sign-up, never the bare e-mail", async () => {
    const page = await signUpOnPage(browser, "Ada Lovelace", "ada@example.com");
    expect(readPage(page.body).text.slice(0, 2)).toEqual([
      "Welcome, Ada Lovelace.",
      "Signed in as ada@example.com.",
    ]);
  });

  test("a name saved on the account page greets from then on; an empty one is refused", async () => {
    await signUpOnPage(browser, "Ada Lovelace", "ada@example.com");
    const csrf = await browser.csrf();
    const empty = await browser.submit("/members/account/name", { csrf, name: "  " });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toMatch(/id="name"[^>]*aria-invalid="true"/);
    expect(readPage(empty.body).text[0]).toBe("Welcome, Ada Lovelace.");
    const saved = await browser.submit("/members/account/name", { csrf, name: "Countess Ada" });
    expect(readPage(saved.body).notice).toBe("Your name is saved.");
    expect(readPage((await browser.get("/members/account")).body).text[0]).toBe(
      "Welcome, Countess Ada.",
    );
  });

  test("a nickname in the profile (set by an app through the protocol) is the name greeted", async () => {
    await signUpOnPage(browser, "Ada Lovelace", "ada@example.com");
    k.db
      .prepare("UPDATE identities SET profile = ? WHERE email = ?")
      .run(JSON.stringify({ firstName: "Ada Lovelace", nickname: "Countess" }), "ada@example.com");
    expect(readPage((await browser.get("/members/account")).body).text[0]).toBe(
      "Welcome, Countess.",
    );
  });

  test("a name posted by another site's page (no CSRF token) changes nothing", async () => {
    await signUpOnPage(browser, "Ada Lovelace", "ada@example.com");
    const forged = await browser.submit("/members/account/name", { name: "Mallory" });
    expect(forged.statusCode).toBe(303);
    expect(readPage((await browser.get("/members/account")).body).text[0]).toBe(
      "Welcome, Ada Lovelace.",
    );
  });
});

test("a sign-in on the members' pages is the member's last sign-in in the owner's list", async () => {
  await k.signUp("ada@example.com");
  const before = k.db
    .prepare<[string], { at: number | null }>(
      "SELECT last_sign_in_at AS at FROM identities WHERE email = ?",
    )
    .get("ada@example.com");
  await browser.signIn("ada@example.com");
  const after = k.db
    .prepare<[string], { at: number | null }>(
      "SELECT last_sign_in_at AS at FROM identities WHERE email = ?",
    )
    .get("ada@example.com");
  expect(after?.at).toBe(k.clock.ms);
  expect(after?.at).not.toBe(before?.at ?? null);
});

describe("the password", () => {
  test("a new password signs in from then on and signs the member's other browsers out", async () => {
    await k.signUp("ada@example.com");
    const phone = createMemberBrowser(k);
    await phone.signIn("ada@example.com");
    await browser.signIn("ada@example.com");
    const changed = await browser.submit("/members/account/password", {
      csrf: await browser.csrf(),
      newPassword: NEW_PASSWORD,
    });
    expect(readPage(changed.body).notice).toBe(
      "Your password is changed. Your other devices are signed out.",
    );
    expect((await phone.get("/members/account")).statusCode).toBe(303);
    expect((await browser.get("/members/account")).statusCode).toBe(200);
    const stranger = createMemberBrowser(k);
    expect((await stranger.signIn("ada@example.com")).statusCode).toBe(400);
    expect((await stranger.signIn("ada@example.com", NEW_PASSWORD)).statusCode).toBe(303);
  });

  test("on a sign-in older than 10 minutes, the current password is asked, and a wrong one refused", async () => {
    await k.signUp("ada@example.com");
    await browser.signIn("ada@example.com");
    k.clock.ms += ELEVEN_MINUTES;
    const csrf = await browser.csrf();
    const wrong = await browser.submit("/members/account/password", {
      csrf,
      currentPassword: "not the password",
      newPassword: NEW_PASSWORD,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toMatch(/id="currentPassword"[^>]*aria-invalid="true"/);
    expect(wrong.body).toContain("That password is not right.");
    const right = await browser.submit("/members/account/password", {
      csrf,
      currentPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(right.statusCode).toBe(200);
    expect((await createMemberBrowser(k).signIn("ada@example.com", NEW_PASSWORD)).statusCode).toBe(
      303,
    );
  });

  test("a too short new password is read with its field and changes nothing", async () => {
    await k.signUp("ada@example.com");
    await browser.signIn("ada@example.com");
    const short = await browser.submit("/members/account/password", {
      csrf: await browser.csrf(),
      newPassword: "short",
    });
    expect(short.statusCode).toBe(400);
    expect(short.body).toMatch(/id="newPassword"[^>]*aria-invalid="true"/);
    expect((await createMemberBrowser(k).signIn("ada@example.com")).statusCode).toBe(303);
  });
});

describe("sessions, export and deletion", () => {
  test("a session ended on the account page is signed out on its device", async () => {
    await k.signUp("ada@example.com");
    const phone = createMemberBrowser(k);
    await phone.signIn("ada@example.com");
    await browser.signIn("ada@example.com");
    const page = await browser.get("/members/account");
    const other =
      /action="\/members\/account\/sessions\/end">[\s\S]*?name="session" value="([^"]+)"/.exec(
        page.body,
      )?.[1];
    const ended = await browser.submit("/members/account/sessions/end", {
      csrf: await browser.csrf(),
      session: other ?? "",
    });
    expect(readPage(ended.body).notice).toBe("That session is ended.");
    expect((await phone.get("/members/account")).statusCode).toBe(303);
    expect((await browser.get("/members/account")).statusCode).toBe(200);
  });

  test("the export is a zip of the member's own data, and only with the page's token", async () => {
    await signUpOnPage(browser, "Ada Lovelace", "ada@example.com");
    expect((await browser.submit("/members/account/export", {})).statusCode).toBe(303);
    const archive = await browser.submit("/members/account/export", { csrf: await browser.csrf() });
    expect(archive.headers["content-type"]).toBe("application/zip");
    expect(archive.headers["content-disposition"]).toMatch(/^attachment; filename="account-/);
    const files = unzipSync(archive.rawPayload);
    const profile = JSON.parse(new TextDecoder().decode(files["profile.json"]));
    expect(profile).toMatchObject({
      email: "ada@example.com",
      profile: { firstName: "Ada Lovelace" },
    });
  });

  test("deleting asks for the box and, on a stale sign-in, the password; then the account is gone", async () => {
    await k.signUp("ada@example.com");
    await browser.signIn("ada@example.com");
    k.clock.ms += ELEVEN_MINUTES;
    const csrf = await browser.csrf();
    const unticked = await browser.submit("/members/account/delete", { csrf });
    expect(unticked.statusCode).toBe(400);
    expect(unticked.body).toMatch(/id="confirm"[^>]*aria-invalid="true"/);
    const noPassword = await browser.submit("/members/account/delete", { csrf, confirm: "on" });
    expect(noPassword.body).toMatch(/id="confirmPassword"[^>]*aria-invalid="true"/);
    const deleted = await browser.submit("/members/account/delete", {
      csrf,
      confirm: "on",
      confirmPassword: PASSWORD,
    });
    expect(readPage(deleted.body).h1).toBe("Your account is deleted");
    expect((await browser.get("/members/account")).statusCode).toBe(303);
    expect((await createMemberBrowser(k).signIn("ada@example.com")).statusCode).toBe(400);
  });

  test("a deletion posted by another site's page (no CSRF token) deletes nothing", async () => {
    await k.signUp("ada@example.com");
    await browser.signIn("ada@example.com");
    const forged = await browser.submit("/members/account/delete", { confirm: "on" });
    expect(forged.statusCode).toBe(303);
    expect((await browser.get("/members/account")).statusCode).toBe(200);
  });
});
