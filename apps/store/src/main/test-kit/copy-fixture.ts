/**
 * A store with something in every table, written through the store's own modules and routes,
 * for the copy tests (backup/copy-*.test.ts); and the answers a copy must keep.
 */
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import { createApiKeys } from "../../data/access/api-key.ts";
import { createDeclaredFields } from "../../data/storage/declared-fields.ts";
import { createItemsStore } from "../../data/storage/items-store.ts";
import { createOwnerSessions } from "../../identity/owner-sessions.ts";
import { hashPassword } from "../../identity/password.ts";
import { createIdentityStore } from "../../identity/storage/identity-store.ts";
import { createMemberSettingsStore } from "../../identity/storage/member-settings-store.ts";
import { createOwnerCredentials } from "../../owner/credentials.ts";
import { createAccessStore } from "../../platform/db/access-store.ts";
import type { Db } from "../../platform/db/sql-db.ts";
import { createOutboxStore } from "../../platform/mail/outbox-store.ts";
import { createApp } from "../app.ts";
import { setOwnerPassword } from "./owner-signed-in.ts";

export const FIXTURE_NOW = Date.parse("2025-05-06T07:08:09.010Z");
const SIGNING_KEY = new Uint8Array(32).fill(9);

export const UNICODE_TITLE = "Zoë – 日本語 – 🎉 – \u00e9\u0301";
export const NUL_TEXT = "before\u0000after";

/** The store on `db` answering through `inject`, with the given API key. */
export function fixtureApp(db: Db): FastifyInstance {
  return createApp({
    db,
    config: { clientId: "copy", signingKey: SIGNING_KEY },
    now: () => FIXTURE_NOW,
  });
}

async function call(
  app: FastifyInstance,
  apiKey: string,
  url: string,
  payload: unknown,
): Promise<Record<string, unknown>> {
  const response = await app.inject({
    method: "POST",
    url: `/wix-data/v2/${url}`,
    headers: { authorization: apiKey },
    payload: payload as object,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Fills every table; answers the API key. */
export async function seedFixture(db: Db): Promise<string> {
  const apiKey = createApiKeys(createAccessStore(db)).rotate();
  const items = createItemsStore(db);
  const write = { now: FIXTURE_NOW, ownerId: "owner-1" };
  items.insert(
    "Clients",
    { _id: "c1", title: UNICODE_TITLE, order: 1, nested: { z: 1, a: [1.5, "x"] } },
    write,
  );
  items.insert("Clients", { _id: "c2", title: NUL_TEXT, order: 2 }, write);
  items.insert("Clients", { _id: "c3", title: "removed later", order: 3 }, write);
  items.insert("Services", { _id: "s1", title: "Advice" }, write);
  items.update("Clients", "c1", { title: `${UNICODE_TITLE}!`, order: 1 }, FIXTURE_NOW + 1);
  items.update("Clients", "c2", { title: NUL_TEXT, order: 20 }, FIXTURE_NOW + 2);
  items.remove("Clients", "c3");
  items.claimSeed();

  const app = fixtureApp(db);
  try {
    await call(app, apiKey, "bulk/items/insert-references", {
      dataCollectionId: "Services",
      dataItemReferences: ["c1", "c2"].map((referencedItemId) => ({
        referringItemFieldName: "clients",
        referringItemId: "s1",
        referencedItemId,
      })),
    });
    await call(app, apiKey, "collections", {
      collection: {
        id: "Notes",
        displayName: "Notes",
        fields: [{ key: "title", type: "TEXT" }],
        permissions: { read: "ANYONE", insert: "ADMIN", update: "ADMIN", remove: "ADMIN" },
      },
    });
    await call(app, apiKey, "items", {
      dataCollectionId: "Notes",
      dataItem: { data: { _id: "n1", title: "a note" } },
    });
  } finally {
    await app.close();
  }
  createDeclaredFields(db).declare("Clients", "title", "string");

  await setOwnerPassword(db, { password: "a long owner password", now: () => FIXTURE_NOW });
  createOwnerCredentials(db, () => FIXTURE_NOW).createSetupToken(60_000);
  createOwnerSessions(db, {
    key: SIGNING_KEY,
    now: () => FIXTURE_NOW,
    idleMs: 60_000,
    maxAgeMs: 600_000,
  }).create("owner", "owner-session-record");

  const identities = createIdentityStore(db);
  identities.insert({
    id: "m1",
    email: "member@example.test",
    emailVerified: true,
    passwordHash: await hashPassword("a member password"),
    status: "ACTIVE",
    reasons: [],
    profile: { nickname: "Zoë" },
    now: FIXTURE_NOW,
  });
  identities.setTotp("m1", "sealed-totp-secret", FIXTURE_NOW);
  identities.replaceRecoveryCodes("m1", ["code-hash-1", "code-hash-2"]);
  identities.putToken("token-hash", "recovery", "m1", { step: 1 }, FIXTURE_NOW + 60_000);
  createMemberSettingsStore(db).write({ requireApproval: true });
  createOutboxStore(db).add("member@example.test", "Welcome", "Hello Zoë", FIXTURE_NOW);
  // The newest item is gone: its seq must not be handed out again after a copy.
  items.insert("Clients", { _id: "c9", title: "the newest, removed" }, write);
  items.remove("Clients", "c9");
  return apiKey;
}

export type Answers = Record<string, unknown>;

/** What readers see: items of a few collections (by id), one item, the references, a collection. */
export async function readAnswers(db: Db, apiKey: string): Promise<Answers> {
  const app = fixtureApp(db);
  try {
    const answers: Answers = {};
    for (const collection of ["Clients", "Services", "Notes"]) {
      const { dataItems } = (await call(app, apiKey, "items/query", {
        dataCollectionId: collection,
        query: { paging: { limit: 100 } },
      })) as { dataItems: { id: string }[] };
      answers[collection] = [...dataItems].sort((a, b) => (a.id < b.id ? -1 : 1));
    }
    const one = await app.inject({
      method: "GET",
      url: "/wix-data/v2/items/c1?dataCollectionId=Clients",
      headers: { authorization: apiKey },
    });
    answers.c1 = one.json();
    answers.referenced = await call(app, apiKey, "items/query-referenced", {
      dataCollectionId: "Services",
      referringItemId: "s1",
      referringItemFieldName: "clients",
    });
    const notes = await app.inject({
      method: "GET",
      url: "/wix-data/v2/collections/Notes",
      headers: { authorization: apiKey },
    });
    answers.notes = notes.json();
    return answers;
  } finally {
    await app.close();
  }
}
