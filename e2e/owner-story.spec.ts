/**
 * The consultant's story from the first start, as a new owner and their client meet it: setup
 * with the owner's e-mail → a client invited from Members → the client takes up the mailed link,
 * is greeted by name under the site's name → a collaborator's edit sent for review and approved
 * by the owner → a scheduled publish shows as live in the open editor without a reload → the
 * audit log reads as sentences. axe runs on every page the story visits.
 *
 * On a store of its own (its own data folder and port, started as the e2e config starts the
 * shared one, through scripts/start.mjs), because it begins at setup. It runs whole twice: at
 * desktop width in the light scheme, and at 375 px (the phone project) in the dark scheme, every
 * browser of the story (owner, client, collaborator, visitor) alike. In the desktop pass the key
 * pages (the editor, the owner's review, the client's page, the audit log) are checked in the
 * other two combinations too, so each is seen light and dark at both widths. With
 * UPDATE_DOC_IMAGES=1 the desktop pass writes the owner's guide's screenshots
 * (docs/owner-guide.md).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Browser, expect, type Page, test } from "@playwright/test";
import Database from "better-sqlite3";
import { violations } from "./helpers/axe.ts";
import { docImage } from "./helpers/doc-images.ts";

const ROOT = join(import.meta.dirname, "..");
const OWNER_EMAIL = "alex@consultant.test";
const OWNER_PASSWORD = "alex's long first password";
const CLIENT = "jo@client.test";
const CLIENT_PASSWORD = "jo's own long password";
const ASSISTANT = "sam@assistant.test";
const ASSISTANT_PASSWORD = "sam's own long password";
const SITE_NAME = "Alex Sample";

let dataDir: string;
let store: ChildProcess;
let baseUrl = "";
let setupLink = "";

test.describe.configure({ mode: "serial" });

/** The phone pass runs in the dark scheme, the desktop pass in the light one. */
const PHONE_WIDTH = 768;
let scheme: "light" | "dark" = "light";
let onPhone = false;
test.beforeEach(async ({ page, viewport }) => {
  onPhone = (viewport?.width ?? 0) < PHONE_WIDTH;
  scheme = onPhone ? "dark" : "light";
  await page.emulateMedia({ colorScheme: scheme });
});

/** Another person's browser in the story: the same width and scheme as the pass. */
async function newPerson(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    colorScheme: scheme,
    viewport: test.info().project.use.viewport ?? null,
    hasTouch: onPhone,
  });
  return context.newPage();
}

/** The store as `npm start` runs it, on a port of its own; its setup link from its output. */
test.beforeAll(async () => {
  test.setTimeout(180_000);
  dataDir = mkdtempSync(join(tmpdir(), "owner-story-"));
  const port = String(8900 + Math.floor(Math.random() * 90));
  baseUrl = `http://127.0.0.1:${port}`;
  store = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: ROOT,
    env: { ...process.env, PORT: port, HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  store.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  store.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  await expect
    .poll(() => /http:\/\/\S+\/admin\/setup\?token=[\w-]+/.exec(output)?.[0] ?? "", {
      timeout: 170_000,
    })
    .not.toBe("");
  setupLink = /http:\/\/\S+\/admin\/setup\?token=[\w-]+/.exec(output)?.[0] ?? "";
});

test.afterAll(async () => {
  if (store.exitCode === null) {
    const exited = new Promise((resolve) => store.once("exit", resolve));
    store.kill("SIGTERM");
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

/** The newest mail to `recipient` in the store's development outbox, once one arrives. */
async function mailTo(recipient: string): Promise<string> {
  const read = () => {
    const db = new Database(join(dataDir, "store.db"), { readonly: true });
    try {
      const row = db
        .prepare("SELECT body FROM mail_outbox WHERE recipient = ? ORDER BY id DESC")
        .get(recipient) as { body: string } | undefined;
      return row?.body ?? "";
    } finally {
      db.close();
    }
  };
  await expect.poll(read, { timeout: 15_000 }).not.toBe("");
  return read();
}

/** How light the page's background is, 0 (black) to 1 (white): which scheme it wears. */
function backgroundLightness(page: Page): Promise<number> {
  return page.evaluate(() => {
    const [r = 0, g = 0, b = 0] =
      getComputedStyle(document.body)
        .backgroundColor.match(/[\d.]+/g)
        ?.map(Number) ?? [];
    return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
  });
}

/** axe on a page of the story, worn in the pass's scheme (in the desktop pass, a screenshot). */
async function checked(page: Page, image?: string): Promise<void> {
  const lightness = await backgroundLightness(page);
  expect(scheme === "dark" ? lightness < 0.25 : lightness > 0.75, `${scheme}: ${lightness}`).toBe(
    true,
  );
  expect(await violations(page)).toEqual([]);
  if (image && !onPhone) await docImage(page, test.info(), image);
}

/**
 * A key page: as `checked`; in the desktop pass also in the dark scheme and, light, at 375 px
 * (the phone pass is the fourth combination), axe each time.
 */
async function everyWay(page: Page, image?: string): Promise<void> {
  await checked(page, image);
  if (onPhone) return;
  const size = page.viewportSize() ?? { width: 1280, height: 800 };
  await page.emulateMedia({ colorScheme: "dark" });
  expect(await violations(page)).toEqual([]);
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await violations(page)).toEqual([]);
  await page.setViewportSize(size);
}

async function signInToEditor(browser: Browser, email: string, password: string) {
  const page = await newPerson(browser);
  await page.goto(`${baseUrl}/admin`);
  await expect(page.getByLabel("E-mail")).toBeVisible();
  await checked(page);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Site editor" })).toBeVisible();
  return page;
}

function localTimeAhead(page: Page, seconds: number): Promise<string> {
  return page.evaluate((ahead) => {
    const at = new Date(Date.now() + ahead * 1000);
    const pad = (value: number) => String(value).padStart(2, "0");
    return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`;
  }, seconds);
}

test("from setup to a client, a reviewed collaborator, a scheduled publish and the audit log", async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  // Setup: the one-time link asks for the owner's address and password.
  await page.goto(setupLink);
  await expect(page.getByLabel("Your e-mail address")).toBeVisible();
  await checked(page, "owner-setup.png");
  await page.getByLabel("Your e-mail address").fill(OWNER_EMAIL);
  await page.getByLabel("New password").fill(OWNER_PASSWORD);
  await page.getByLabel("Repeat the password").fill(OWNER_PASSWORD);
  await page.getByRole("button", { name: "Set password and sign in" }).click();
  await expect(page.getByRole("heading", { name: "Site editor" })).toBeVisible();
  await everyWay(page, "owner-editor.png");

  // A client invited from Members.
  await page.getByRole("link", { name: "Members" }).click();
  const invite = page.getByRole("region", { name: "Invite a client" });
  await invite.getByLabel("Their name").fill("Jo Client");
  await invite.getByLabel("Their e-mail address").fill(CLIENT);
  await invite.getByLabel("A few words for the mail (optional)").fill("Glad to work with you.");
  await invite.getByRole("button", { name: "Send the invitation" }).click();
  await expect(invite.getByRole("listitem").filter({ hasText: CLIENT })).toContainText("Jo Client");
  await checked(page, "owner-invite.png");

  // The client takes up the mailed link and is greeted by name, under the site's name.
  const mail = await mailTo(CLIENT);
  expect(mail).toContain("Hello Jo Client,");
  const link = /http:\/\/\S+\/members\/invite\?token=\S+/.exec(mail)?.[0] ?? "";
  const client = await newPerson(browser);
  await client.goto(link);
  await expect(client.getByRole("heading", { name: "Welcome, Jo Client" })).toBeVisible();
  await expect(client.getByRole("banner")).toContainText(SITE_NAME);
  await checked(client);
  await client.getByLabel("Password").fill(CLIENT_PASSWORD);
  await client.getByRole("button", { name: "Set my password" }).click();
  await expect(client.getByText("Your password is set.")).toBeVisible();
  await checked(client);
  await client.getByRole("link", { name: "Sign in to your client area" }).click();
  await checked(client);
  await client.getByLabel("E-mail").fill(CLIENT);
  await client.getByLabel("Password", { exact: true }).fill(CLIENT_PASSWORD);
  await client.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(client).toHaveURL(/\/members\/client-area$/);
  await expect(client.getByRole("heading", { name: "Welcome, Jo Client" })).toBeVisible();
  await expect(client.getByRole("banner")).toContainText(SITE_NAME);
  await everyWay(client, "client-welcome.png");
  await client.context().close();

  // A collaborator, invited from Account, edits About me and sends it for review.
  await page.getByRole("link", { name: "Account" }).click();
  await page.getByLabel("Invite by e-mail").fill(ASSISTANT);
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("list", { name: "Collaborators" })).toContainText(ASSISTANT);
  const invited = /http:\/\/\S+\/admin\/reset\?token=[\w-]+&invited=1/.exec(
    await mailTo(ASSISTANT),
  )?.[0];
  const sam = await newPerson(browser);
  await sam.goto(invited ?? "");
  await expect(sam.getByLabel("New password")).toBeVisible();
  await checked(sam);
  await sam.getByLabel("New password").fill(ASSISTANT_PASSWORD);
  await sam.getByLabel("Repeat the password").fill(ASSISTANT_PASSWORD);
  const stored = sam.waitForResponse((r) => r.url().endsWith("/admin/api/reset") && r.ok());
  await sam.getByRole("button", { name: "Set password" }).click();
  await stored;
  await sam.context().close();
  const assistant = await signInToEditor(browser, ASSISTANT, ASSISTANT_PASSWORD);
  await assistant
    .getByRole("navigation", { name: "Content" })
    .getByRole("link", { name: "About me" })
    .click();
  const about = "Sam's clearer words about Alex.";
  await assistant.getByRole("textbox", { name: "About text" }).fill(about);
  await expect(assistant.getByRole("button", { name: "Save changes" })).toHaveCount(0);
  await assistant.getByRole("button", { name: "Save as draft" }).click();
  await expect(assistant.getByText(/^Kept as a draft at /)).toBeVisible();
  await assistant.getByRole("button", { name: "Send for review" }).click();
  await expect(assistant.getByText(/^Sent for review /)).toBeVisible();
  await checked(assistant, "collaborator-sent.png");
  const visitor = await newPerson(browser);
  await visitor.goto(baseUrl);
  await expect(visitor.locator("body")).not.toContainText(about);

  // The owner sees who sent what, and approves: it goes live.
  await page.goto(`${baseUrl}/admin#review`);
  const review = page.getByRole("region", { name: "Review" });
  const sent = review.getByRole("listitem").filter({ hasText: "About me" }).first();
  await expect(sent).toContainText(`Sent by ${ASSISTANT}`);
  await expect(sent).toContainText(about);
  await everyWay(page, "owner-review.png");
  await sent.getByRole("button", { name: "Approve and publish" }).click();
  await expect(review.getByText(/^Approved: 1 change published/)).toBeVisible();
  await visitor.goto(baseUrl);
  await expect(visitor.locator("body")).toContainText(about);
  expect(await violations(visitor)).toEqual([]);
  await assistant.context().close();

  // A scheduled publish: the open editor shows it live without a reload.
  await page
    .getByRole("navigation", { name: "Content" })
    .getByRole("link", { name: "About me" })
    .click();
  const editor = page.getByRole("region", { name: "About me", exact: true });
  const later = "Alex's words for next week.";
  await editor.getByRole("textbox", { name: "About text" }).fill(later);
  await editor.getByRole("button", { name: "Save as draft" }).click();
  await expect(editor.getByText(/^Kept as a draft at /)).toBeVisible();
  await editor.getByLabel("Publish at", { exact: true }).fill(await localTimeAhead(page, 5));
  await editor.getByRole("button", { name: "Schedule publishing" }).click();
  const scheduled = editor.getByRole("region", { name: /^Draft: / });
  await expect(scheduled).toContainText("Scheduled for");
  await scheduled.scrollIntoViewIfNeeded();
  await checked(page, "owner-scheduled.png");
  await expect(editor.getByText(/went live on schedule/)).toBeVisible({ timeout: 20_000 });
  await expect(editor.getByRole("region", { name: /^Draft: / })).toHaveCount(0);
  await expect(editor.getByRole("textbox", { name: "About text" })).toHaveValue(later);

  // The audit log in sentences.
  await page.getByRole("link", { name: "Account" }).click();
  const log = page.getByRole("list", { name: "Audit log" });
  await expect(log).toContainText("The owner's password was set through a one-time link.");
  await expect(log).toContainText(
    `${ASSISTANT} (collaborator) chose a password from a mailed link.`,
  );
  await expect(log).toContainText(`You invited Jo Client (${CLIENT}).`);
  await expect(log).toContainText("Jo Client accepted your invitation and joined.");
  await expect(log).toContainText(`${ASSISTANT} (collaborator) sent the About me for review.`);
  await expect(log).toContainText(
    `You approved ${ASSISTANT}'s changes to the About me and published them.`,
  );
  await expect(log).toContainText("The About me went live as scheduled.");
  await expect(log).not.toContainText("/admin/api");
  await log.scrollIntoViewIfNeeded();
  await everyWay(page, "owner-audit.png");

  // The guide's other views: files shared with clients, and the contact form's messages.
  const nav = page.getByRole("navigation", { name: "Content" });
  await nav.getByRole("link", { name: "Files" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Files" })).toBeVisible();
  await checked(page, "owner-files.png");
  await nav.getByRole("link", { name: "Messages" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Messages" })).toBeVisible();
  await checked(page, "owner-messages.png");
});
