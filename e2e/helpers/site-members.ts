import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect } from "@playwright/test";
import { hashPassword } from "../../apps/store/src/main/testing.ts";
import { withStoreDb } from "./store-db.ts";

export const MEMBER_PASSWORD = "a member's e2e password";

/** An address no other test or run uses. */
export function uniqueEmail(name: string, project: string): string {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return `${name}-${project}-${suffix}@example.com`;
}

/**
 * The 6-digit code of the newest mail to `email` in the running store's development outbox
 * (the store mails to it without SMTP settings), waiting until one arrives.
 */
export async function outboxCode(email: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(() => {
      const body = withStoreDb(
        (db) =>
          db
            .prepare<[string], { body: string }>(
              "SELECT body FROM mail_outbox WHERE recipient = ? ORDER BY id DESC LIMIT 1",
            )
            .get(email)?.body,
      );
      code = body === undefined ? undefined : /\b(\d{6})\b/.exec(body)?.[1];
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code as string;
}

/**
 * Adds an active member with a confirmed e-mail straight into the running store's database,
 * as sign-up and confirmation would leave them (sign-up itself has its own test; through the
 * API, its per-address limit would stop a suite that needs many members from one address).
 */
export async function addMember(email: string): Promise<string> {
  const id = randomUUID();
  const passwordHash = await hashPassword(MEMBER_PASSWORD);
  const now = Date.now();
  withStoreDb((db) =>
    db
      .prepare(
        `INSERT INTO identities (id, email, email_verified, password_hash, status, reasons, profile,
           created_at, updated_at)
         VALUES (?, ?, 1, ?, 'ACTIVE', '[]', '{}', ?, ?)`,
      )
      .run(id, email, passwordHash, now, now),
  );
  return id;
}

/**
 * Types `password` into the members' sign-in form (its e-mail already filled) and sends it.
 * Every spec signs in from 127.0.0.1, some with wrong passwords on purpose: while two checks
 * meet, the store may answer 429, "Too many sign-ins are being checked at once. Try again in a
 * moment." (docs/security.md, "Password-check flood"), and a person tries again, as here, after
 * a second, up to three times.
 */
export async function sendMemberSignIn(page: Page, password: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await page.getByLabel("Password", { exact: true }).fill(password);
    const answered = page.waitForResponse(
      (response) =>
        response.request().method() === "POST" &&
        new URL(response.url()).pathname === "/members/sign-in",
    );
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    if ((await answered).status() !== 429 || attempt === 3) return;
    await page.waitForLoadState();
    await page.waitForTimeout(1_000);
  }
}

/** Signs in on the store's sign-in page as a member would; it then lands in the client area. */
export async function signInAsMember(page: Page, email: string): Promise<void> {
  await page.goto("/members/sign-in");
  await page.getByLabel("E-mail").fill(email);
  await sendMemberSignIn(page, MEMBER_PASSWORD);
  await expect(page).toHaveURL(/\/members\/client-area$/);
  await expect(
    page.getByRole("heading", { level: 1, name: /^(Your client area|Welcome, )/ }),
  ).toBeVisible();
}
