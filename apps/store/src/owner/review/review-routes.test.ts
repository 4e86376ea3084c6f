import { afterEach, describe, expect, test } from "vitest";
import { signedInCollaborator } from "../../main/test-kit/collaborator-signed-in.ts";
import {
  createOwnerKit,
  type OwnerKit,
  type SignedIn,
} from "../../main/test-kit/owner-signed-in.ts";

let kit: OwnerKit;
afterEach(() => kit.app.close());

const codeOf = (response: { json: () => unknown }) =>
  (response.json() as { details: { applicationError?: { code: string } } }).details.applicationError
    ?.code;

const ABOUT = { _id: "about-text", title_fld: "About", data: "The live words." };
const DRAFTED = { ...ABOUT, data: "The collaborator's words." };

async function setUp() {
  kit = await createOwnerKit();
  kit.insert("About", [ABOUT]);
  return signedInCollaborator(kit);
}

const liveAbout = () => kit.store.getItem("About", "about-text")?.data.data;

function saveDraft(as: SignedIn) {
  return kit.asOwner(as, {
    method: "PUT",
    url: "/admin/api/drafts",
    payload: {
      collectionId: "About",
      changes: [{ itemId: "about-text", kind: "put", data: DRAFTED }],
    },
  });
}

const sendForReview = (as: SignedIn) =>
  kit.asOwner(as, { method: "POST", url: "/admin/api/review/About/send", payload: {} });

async function auditSentences(owner: SignedIn): Promise<string[]> {
  const page = await kit.asOwner(owner, { method: "GET", url: "/admin/api/audit" });
  return (page.json() as { entries: { sentence: string }[] }).entries.map(
    (entry) => entry.sentence,
  );
}

describe("a collaborator while the owner reviews their changes (the default)", () => {
  const LIVE_CALLS = [
    [
      "publishes a draft now",
      { method: "POST", url: "/admin/api/drafts/publish", payload: { collectionId: "About" } },
    ],
    [
      "schedules a draft",
      {
        method: "POST",
        url: "/admin/api/drafts/publish",
        payload: { collectionId: "About", at: "2030-01-01T00:00:00.000Z" },
      },
    ],
    [
      "plans an unpublish",
      {
        method: "POST",
        url: "/admin/api/drafts/unpublish",
        payload: { collectionId: "About", itemId: "about-text", at: "2030-01-01T00:00:00.000Z" },
      },
    ],
    [
      "writes the live item through the data API",
      {
        method: "PUT",
        url: "/wix-data/v2/items/about-text",
        payload: { dataCollectionId: "About", dataItem: { id: "about-text", data: DRAFTED } },
      },
    ],
    [
      "inserts a live item through the data API",
      {
        method: "POST",
        url: "/wix-data/v2/items",
        payload: {
          dataCollectionId: "About",
          dataItem: { data: { title_fld: "About", data: "x" } },
        },
      },
    ],
    [
      "approves their own draft",
      { method: "POST", url: "/admin/api/review/About/approve", payload: {} },
    ],
    [
      "turns the review off",
      { method: "PUT", url: "/admin/api/review/setting", payload: { on: false } },
    ],
  ] as const;

  test.each(LIVE_CALLS)("is refused when it %s, and nothing goes live", async (name, call) => {
    const { editor } = await setUp();
    expect((await saveDraft(editor)).statusCode).toBe(200);
    const response = await kit.asOwner(editor, { ...call, payload: { ...call.payload } });
    expect(response.statusCode).toBe(403);
    const owners = name === "approves their own draft" || name === "turns the review off";
    expect(codeOf(response)).toBe(owners ? "OWNER_ROLE_REQUIRED" : "REVIEW_REQUIRED");
    expect(liveAbout()).toBe("The live words.");
    const drafts = await kit.asOwner(editor, {
      method: "GET",
      url: "/admin/api/drafts?collectionId=About",
    });
    expect((drafts.json() as { changes: { publishAt: string | null }[] }).changes).toEqual([
      expect.objectContaining({ publishAt: null }),
    ]);
  });

  test("is refused a restore of an earlier version", async () => {
    const { owner, editor } = await setUp();
    await kit.asOwner(owner, {
      method: "PUT",
      url: "/wix-data/v2/items/about-text",
      payload: {
        dataCollectionId: "About",
        dataItem: { id: "about-text", data: { ...ABOUT, data: "Second." } },
      },
    });
    const history = await kit.asOwner(owner, {
      method: "GET",
      url: "/admin/api/history/About/about-text",
    });
    const { versions } = history.json() as { versions: { versionId: number }[] };
    const first = versions.at(-1)?.versionId;
    const restore = await kit.asOwner(editor, {
      method: "POST",
      url: "/admin/api/history/About/about-text/restore",
      payload: {
        versionId: first,
        expectedUpdatedDate: kit.store.getItem("About", "about-text")?.data._updatedDate,
      },
    });
    expect(restore.statusCode).toBe(403);
    expect(codeOf(restore)).toBe("REVIEW_REQUIRED");
    expect(liveAbout()).toBe("Second.");
  });

  test("sends the draft for review; the owner sees who and what, approves, and it goes live", async () => {
    const { owner, editor } = await setUp();
    await saveDraft(editor);
    const sent = await sendForReview(editor);
    expect(sent.statusCode).toBe(200);
    const overview = await kit.asOwner(owner, { method: "GET", url: "/admin/api/review" });
    expect(overview.json()).toMatchObject({
      on: true,
      requests: [
        {
          collectionId: "About",
          sentBy: "assistant@example.com",
          status: "waiting",
          changes: [
            { itemId: "about-text", kind: "put", data: { data: "The collaborator's words." } },
          ],
          live: [{ _id: "about-text", data: "The live words." }],
        },
      ],
    });
    expect(liveAbout()).toBe("The live words.");
    const approved = await kit.asOwner(owner, {
      method: "POST",
      url: "/admin/api/review/About/approve",
      payload: {},
    });
    expect(approved.statusCode).toBe(200);
    expect(liveAbout()).toBe("The collaborator's words.");
    const after = await kit.asOwner(owner, { method: "GET", url: "/admin/api/review" });
    expect(after.json()).toEqual({ on: true, requests: [] });
    const again = await kit.asOwner(owner, {
      method: "POST",
      url: "/admin/api/review/About/approve",
      payload: {},
    });
    expect(codeOf(again)).toBe("REVIEW_NOT_FOUND");
    expect(await auditSentences(owner)).toEqual(
      expect.arrayContaining([
        "assistant@example.com (collaborator) saved a draft of the About me.",
        "assistant@example.com (collaborator) sent the About me for review.",
        "You approved assistant@example.com's changes to the About me and published them.",
      ]),
    );
  });

  test("sent back with a note: the collaborator reads it, nothing goes live, and they can send again", async () => {
    const { owner, editor } = await setUp();
    await saveDraft(editor);
    await sendForReview(editor);
    const empty = await kit.asOwner(owner, {
      method: "POST",
      url: "/admin/api/review/About/send-back",
      payload: { note: "   " },
    });
    expect(empty.statusCode).toBe(400);
    const back = await kit.asOwner(owner, {
      method: "POST",
      url: "/admin/api/review/About/send-back",
      payload: { note: "Shorter, please." },
    });
    expect(back.statusCode).toBe(200);
    const seen = await kit.asOwner(editor, { method: "GET", url: "/admin/api/review" });
    expect(seen.json()).toMatchObject({
      requests: [{ collectionId: "About", status: "returned", note: "Shorter, please." }],
    });
    expect(liveAbout()).toBe("The live words.");
    const approve = await kit.asOwner(owner, {
      method: "POST",
      url: "/admin/api/review/About/approve",
      payload: {},
    });
    expect(codeOf(approve)).toBe("REVIEW_NOT_FOUND");
    await sendForReview(editor);
    const waiting = await kit.asOwner(owner, { method: "GET", url: "/admin/api/review" });
    expect(waiting.json()).toMatchObject({ requests: [{ status: "waiting", note: null }] });
    expect(await auditSentences(owner)).toContain(
      "You sent assistant@example.com's changes to the About me back with a note.",
    );
  });

  test("sending a collection without a draft for review is refused", async () => {
    const { editor } = await setUp();
    const response = await sendForReview(editor);
    expect(response.statusCode).toBe(409);
    expect(codeOf(response)).toBe("REVIEW_NOTHING_TO_SEND");
  });
});

describe("with the review turned off by the owner", () => {
  test("the collaborator publishes directly, and the audit log says the owner turned it off", async () => {
    const { owner, editor } = await setUp();
    const off = await kit.asOwner(owner, {
      method: "PUT",
      url: "/admin/api/review/setting",
      payload: { on: false },
    });
    expect(off.json()).toEqual({ on: false });
    await saveDraft(editor);
    const published = await kit.asOwner(editor, {
      method: "POST",
      url: "/admin/api/drafts/publish",
      payload: { collectionId: "About" },
    });
    expect(published.statusCode).toBe(200);
    expect(liveAbout()).toBe("The collaborator's words.");
    expect(await auditSentences(owner)).toEqual(
      expect.arrayContaining([
        "You turned off review: collaborators publish their own changes.",
        "assistant@example.com (collaborator) published the About me.",
      ]),
    );
  });
});

test("the owner's own publish is never held for review", async () => {
  kit = await createOwnerKit();
  kit.insert("About", [ABOUT]);
  const owner = await kit.signedIn();
  await saveDraft(owner);
  const published = await kit.asOwner(owner, {
    method: "POST",
    url: "/admin/api/drafts/publish",
    payload: { collectionId: "About" },
  });
  expect(published.statusCode).toBe(200);
  expect(liveAbout()).toBe("The collaborator's words.");
});
