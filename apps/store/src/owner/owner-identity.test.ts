import Database from "better-sqlite3";
import { afterEach, expect, test } from "vitest";
import { createOwnerKit, type OwnerKit } from "../main/test-kit/owner-signed-in.ts";
import { listMigrations, migrate } from "../platform/db/migrate.ts";

let kit: OwnerKit | undefined;
afterEach(() => kit?.app.close());

test("the password set before one identity moves into the owner's identity, role owner", () => {
  const db = new Database(":memory:");
  migrate(
    db,
    listMigrations().filter((migration) => migration.version < 420),
  );
  db.prepare("INSERT INTO owner_credentials (id, password_hash, updated_at) VALUES (1, ?, 5)").run(
    "$argon2id$kept",
  );
  migrate(db);
  expect(db.prepare("SELECT id, email, password_hash, role, status FROM identities").all()).toEqual(
    [
      {
        id: "owner",
        email: "owner",
        password_hash: "$argon2id$kept",
        role: "owner",
        status: "ACTIVE",
      },
    ],
  );
  db.close();
});

test("the owner signs in as an identity: the members' list does not show them", async () => {
  kit = await createOwnerKit();
  const owner = await kit.signedIn();
  const session = await kit.asOwner(owner, { method: "GET", url: "/admin/api/session" });
  expect(session.json()).toMatchObject({ signedIn: true, role: "owner", twoFactor: false });
  const members = await kit.asOwner(owner, { method: "GET", url: "/admin/api/members" });
  expect(members.json()).toMatchObject({ members: [] });
});

test("the owner's password opens no member login, even when guessed right", async () => {
  kit = await createOwnerKit();
  const response = await kit.app.inject({
    method: "POST",
    url: "/_api/iam/authentication/v2/login",
    payload: { loginId: { email: "owner" }, password: "a long and silly test password" },
  });
  expect(response.statusCode).toBe(400);
  expect(response.body).toContain("-19976");
});
