/**
 * The pages the contact form answers without JavaScript speak the owner's words: a
 * word changed through the data API shows on the next plain form post, a fresh store shows the
 * seeded defaults, and the pages wear the site's frame.
 */
import { afterEach, beforeEach, expect, test } from "vitest";
import { readContentFile } from "../data/storage/seed.ts";
import { createOwnerKit, type OwnerKit } from "../main/test-kit/owner-signed-in.ts";
import { SAMPLE_CONTENT_DIR } from "../platform/store-paths.ts";
import { DEFAULT_CONTACT_CONFIG } from "./contact-config.ts";

const MESSAGE = { name: "Ada Visitor", email: "ada@example.com", message: "Can we talk?" };

let k: OwnerKit;
beforeEach(async () => {
  k = await createOwnerKit({ contact: { ...DEFAULT_CONTACT_CONFIG, maxPerAddress: 40 } });
  k.insert("PageWords", readContentFile(`${SAMPLE_CONTENT_DIR}/PageWords.json`));
  k.insert("SiteSettings", [{ _id: "site", name: "Alex Sample", email: "owner@example.com" }]);
});
afterEach(() => k.app.close());

function postForm(body: Record<string, string>) {
  return k.app.inject({
    method: "POST",
    url: "/contact",
    remoteAddress: "198.51.100.1",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams(body).toString(),
  });
}

async function changeWord(id: string, key: string, text: string) {
  const owner = await k.signedIn();
  const answer = await k.asOwner(owner, {
    method: "PUT",
    url: `/wix-data/v2/items/${id}`,
    payload: {
      dataCollectionId: "PageWords",
      dataItem: { id, data: { title_fld: key, data: text } },
    },
  });
  expect(answer.statusCode).toBe(200);
}

/** The plain post's two steps: the form with a token, then (after the minimum time) the send. */
async function sendWithoutScript() {
  const form = await postForm(MESSAGE);
  const token = /name="token" value="([^"]+)"/.exec(form.body)?.[1] ?? "";
  k.clock.ms += DEFAULT_CONTACT_CONFIG.minMs + 1_000;
  return { form, sent: await postForm({ ...MESSAGE, token }) };
}

test("a fresh store's pages say the seeded words, inside the site's frame", async () => {
  const { form, sent } = await sendWithoutScript();
  expect(form.body).toContain("<h1>Send your message</h1>");
  expect(form.body).toContain('<label for="email">Your e-mail</label>');
  expect(form.body).toContain('<a href="/#contact">Back to the page</a>');
  expect(form.body).toContain('<header class="site-header">');
  expect(form.body).toContain("Alex Sample");
  // A visitor's page: the way home, never the clients' sign-in.
  expect(form.body).toContain("Back to the site");
  expect(form.body).not.toContain("Client area");
  expect(sent.body).not.toContain("Client area");
  expect(sent.statusCode).toBe(200);
  expect(sent.body).toContain("<h1>Thank you</h1>");
  expect(sent.body).toContain("Your message is on its way.");
});

test("a word the owner changed through the API shows on the next plain post", async () => {
  await changeWord("form-send", "FormSend", "Off it goes");
  await changeWord("form-email", "FormEmail", "Where I answer");
  await changeWord("form-thanks", "FormThanks", "Got it, <b>speak</b> soon.");
  const { form, sent } = await sendWithoutScript();
  expect(form.body).toContain('<button type="submit">Off it goes</button>');
  expect(form.body).toContain('<label for="email">Where I answer</label>');
  expect(sent.body).toContain("Got it, &lt;b&gt;speak&lt;/b&gt; soon.");
  expect(sent.body).not.toContain("Your message is on its way.");
});

test("a word the owner left blank falls back to its seeded default", async () => {
  await changeWord("form-thanks-heading", "FormThanksHeading", "  ");
  const { sent } = await sendWithoutScript();
  expect(sent.body).toContain("<h1>Thank you</h1>");
});
