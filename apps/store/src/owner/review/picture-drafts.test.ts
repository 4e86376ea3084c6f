import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, expect, test } from "vitest";
import { signedInCollaborator } from "../../main/test-kit/collaborator-signed-in.ts";
import {
  createOwnerKit,
  type OwnerKit,
  type SignedIn,
} from "../../main/test-kit/owner-signed-in.ts";
import { createSemaphore } from "../../platform/limits/semaphore.ts";

let kit: OwnerKit;
let owner: SignedIn;
let editor: SignedIn;

beforeEach(async () => {
  const dir = join(mkdtempSync(join(tmpdir(), "picture-drafts-")), "media");
  kit = await createOwnerKit({ media: { dir, processing: createSemaphore(2) } });
  ({ owner, editor } = await signedInCollaborator(kit));
});
afterEach(() => kit.app.close());

const png = () =>
  sharp({ create: { width: 40, height: 20, channels: 3, background: { r: 9, g: 90, b: 80 } } })
    .png()
    .toBuffer();

async function upload(as: SignedIn, query: string) {
  return kit.asOwner(as, {
    method: "POST",
    url: `/admin/api/pictures?${query}`,
    headers: { "content-type": "image/png" },
    payload: await png(),
  });
}

const livePortrait = () => kit.store.getItem("Pictures", "portrait")?.data.src ?? null;

test("a picture uploaded for a draft is not on the live page; its file is served for the preview", async () => {
  const before = livePortrait();
  const response = await upload(owner, "slot=portrait&alt=Me%20at%20work&draft=1");
  expect(response.statusCode).toBe(200);
  const { item } = response.json() as { item: { _id: string; src: string; alt: string } };
  expect(item).toMatchObject({ _id: "portrait", alt: "Me at work", slot: "portrait" });
  expect(livePortrait()).toBe(before);
  const file = await kit.app.inject({ method: "GET", url: item.src });
  expect(file.statusCode).toBe(200);
});

test("a new client logo for a draft gets an id of its own and joins no live strip", async () => {
  const logos = () =>
    kit.store.query({
      collectionId: "Pictures",
      filter: { type: "and", nodes: [] },
      sort: [],
      offset: 0,
      limit: null,
    }).length;
  const count = logos();
  const response = await upload(owner, "slot=client-logo&alt=Acme&draft=1");
  expect(response.statusCode).toBe(200);
  expect((response.json() as { item: { _id: string } }).item._id).toMatch(/^[0-9a-f-]{36}$/);
  expect(logos()).toBe(count);
});

test("a reviewed collaborator's picture straight to the live page is refused; for a draft it is taken", async () => {
  const before = livePortrait();
  const live = await upload(editor, "slot=portrait&alt=Mallory");
  expect(live.statusCode).toBe(403);
  expect(live.json()).toMatchObject({
    details: { applicationError: { code: "REVIEW_REQUIRED" } },
  });
  expect(livePortrait()).toBe(before);
  const drafted = await upload(editor, "slot=portrait&alt=Ada%20at%20work&draft=1");
  expect(drafted.statusCode).toBe(200);
  expect(livePortrait()).toBe(before);
});
