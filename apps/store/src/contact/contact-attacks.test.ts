/**
 * The contact form under attack: bots that fill every field, post at once, replay a
 * token, forge one, burst from many addresses, or forge Host and Origin. Each stores nothing
 * (or no more than the limits allow), and the owner's mail never carries what a request said
 * about itself.
 */
import { createHash } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { createOwnerKit, type OwnerKit, ownerHasEmail } from "../main/test-kit/owner-signed-in.ts";
import { createOutboxStore } from "../platform/mail/outbox-store.ts";
import { DEFAULT_CONTACT_CONFIG } from "./contact-config.ts";

const OWNER_EMAIL = "owner@consultant.test";
const MESSAGE = {
  name: "Ada Visitor",
  email: "ada@example.com",
  message: "Can we talk on Monday?",
};
const config = { ...DEFAULT_CONTACT_CONFIG, maxPerAddress: 4, maxGlobal: 10, workBits: 8 };

let k: OwnerKit;
beforeEach(async () => {
  k = await createOwnerKit({ contact: config });
  // The page shows another address: notices go to the owner's own, the one address for all.
  k.insert("SiteSettings", [{ _id: "site", email: "hello@example.com" }]);
  ownerHasEmail(k.db, OWNER_EMAIL);
});
afterEach(() => k.app.close());

type Token = { token: string; workBits: number };

async function formToken(address = "198.51.100.1"): Promise<Token> {
  const answer = await k.app.inject({
    method: "GET",
    url: "/contact/token",
    remoteAddress: address,
  });
  return answer.json() as Token;
}

/** What the page's script does: find an answer whose hash starts with the asked zero bits. */
function solve({ token, workBits }: Token): string {
  for (let answer = 0; ; answer++) {
    const digest = createHash("sha256").update(`${token}:${answer}`).digest();
    const bits = digest.readUInt32BE(0);
    if (workBits === 0 || bits >>> (32 - workBits) === 0) return String(answer);
  }
}

function post(
  body: Record<string, string | number>,
  address = "198.51.100.1",
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return k.app.inject({
    method: "POST",
    url: "/contact",
    remoteAddress: address,
    headers: { "content-type": "application/json", ...headers },
    payload: JSON.stringify(body),
  });
}

function postForm(body: Record<string, string>, address = "198.51.100.1") {
  return k.app.inject({
    method: "POST",
    url: "/contact",
    remoteAddress: address,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams(body).toString(),
  });
}

const stored = () => createOutboxStore(k.db).latest(100).length;
async function messages() {
  const owner = await k.signedIn();
  const answer = await k.asOwner(owner, { method: "GET", url: "/admin/api/contact-messages" });
  return (answer.json() as { messages: { name: string; status: string; id: string }[] }).messages;
}
const code = (answer: LightMyRequestResponse) =>
  (answer.json() as { details?: { applicationError?: { code: string } } }).details?.applicationError
    ?.code;

describe("contact form", () => {
  test("a person who waits a moment is stored, listed as new in /admin and mailed to the owner", async () => {
    const token = await formToken();
    k.clock.ms += 5_000;
    const answer = await post({ ...MESSAGE, ...token, work: solve(token) });
    expect(answer.statusCode).toBe(200);
    expect((await messages()).map((m) => [m.name, m.status])).toEqual([["Ada Visitor", "new"]]);
    const [mail] = createOutboxStore(k.db).latest(1);
    expect(mail?.to).toBe(OWNER_EMAIL);
    expect(mail?.text).toContain("Can we talk on Monday?");
  });

  test("a bot filling the hidden field is answered as a success and nothing is stored", async () => {
    const token = await formToken();
    k.clock.ms += 5_000;
    const answer = await post({ ...MESSAGE, ...token, website: "http://spam.example" });
    expect(answer.statusCode).toBe(200);
    expect(await messages()).toEqual([]);
    expect(stored()).toBe(0);
  });

  test("an instant submit (under the minimum time on the page) stores nothing", async () => {
    const token = await formToken();
    k.clock.ms += 500;
    const answer = await post({ ...MESSAGE, ...token });
    expect(answer.statusCode).toBe(400);
    expect(code(answer)).toBe("CONTACT_TOO_FAST");
    expect(await messages()).toEqual([]);
  });

  test("a replayed token stores the message once", async () => {
    const token = await formToken();
    k.clock.ms += 5_000;
    const first = await post({ ...MESSAGE, ...token, work: solve(token) });
    const again = await post({ ...MESSAGE, ...token, work: solve(token) }, "198.51.100.2");
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(409);
    expect(code(again)).toBe("CONTACT_ALREADY_SENT");
    expect(await messages()).toHaveLength(1);
  });

  test("a forged or altered token, or none, stores nothing", async () => {
    const { token } = await formToken();
    k.clock.ms += 5_000;
    const [issued, nonce, , signature] = token.split(".");
    for (const forged of [
      "",
      "x.y.0.z",
      `${issued}.${nonce}.0.${signature}x`,
      `${issued}.other.0.${signature}`,
    ]) {
      const answer = await post({ ...MESSAGE, token: forged });
      expect(code(answer)).toBe("CONTACT_FORM_INVALID");
    }
    expect(await messages()).toEqual([]);
  });

  test("a token asking for work cannot be lowered, and without the work stores nothing", async () => {
    for (let i = 0; i < 2; i++) await post({ ...MESSAGE, token: "" }, "198.51.100.9");
    const token = await formToken("198.51.100.9");
    expect(token.workBits).toBe(config.workBits);
    k.clock.ms += 5_000;
    const lowered = token.token.replace(/\.8\./, ".0.");
    expect(code(await post({ ...MESSAGE, token: lowered }, "198.51.100.9"))).toBe(
      "CONTACT_FORM_INVALID",
    );
    expect(code(await post({ ...MESSAGE, ...token, work: "1" }, "198.51.100.9"))).toBe(
      "CONTACT_WORK_REQUIRED",
    );
    expect(await messages()).toEqual([]);
  });

  test("a 30-post burst from 30 addresses doing the work: each stored, the owner mailed at most the global limit and one notice, the work asked grows", async () => {
    const tokens = await Promise.all(
      Array.from({ length: 30 }, (_, i) => formToken(`203.0.113.${i + 1}`)),
    );
    k.clock.ms += 5_000;
    const mails = stored();
    const answers = [];
    for (const [i, token] of tokens.entries()) {
      const address = `203.0.113.${i + 1}`;
      let answer = await post({ ...MESSAGE, ...token, work: solve(token) }, address);
      // Busy now: the page's script fetches a token asking the work of the moment and sends again.
      if (code(answer) === "CONTACT_WORK_REQUIRED") {
        const fresh = await formToken(address);
        k.clock.ms += 5_000;
        answer = await post({ ...MESSAGE, ...fresh, work: solve(fresh) }, address);
      }
      answers.push(answer);
    }
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    expect(await messages()).toHaveLength(30);
    expect(stored() - mails).toBe(config.maxGlobal + 1);
    expect((await formToken("192.0.2.200")).workBits).toBe(config.workBits + config.busyExtraBits);
  });

  test("form tokens stockpiled while the form is quiet carry the work: posted without it they store nothing", async () => {
    const stockpile = await Promise.all(
      Array.from({ length: 12 }, (_, i) => formToken(`198.51.100.${100 + i}`)),
    );
    expect(stockpile.every((token) => token.workBits >= config.workBits)).toBe(true);
    k.clock.ms += 5_000;
    const answers = await Promise.all(
      stockpile.map((token, i) => post({ ...MESSAGE, ...token }, `192.0.2.${i + 1}`)),
    );
    expect(answers.map(code)).toEqual(answers.map(() => "CONTACT_WORK_REQUIRED"));
    expect(await messages()).toEqual([]);
  });

  test("a form token kept longer than 30 minutes is refused", async () => {
    const token = await formToken();
    k.clock.ms += 31 * 60_000;
    const answer = await post({ ...MESSAGE, ...token, work: solve(token) });
    expect(code(answer)).toBe("CONTACT_FORM_INVALID");
    expect(await messages()).toEqual([]);
  });

  test("a token without work, from the page without JavaScript, cannot be carried to another address", async () => {
    const first = await postForm(MESSAGE, "198.51.100.40");
    const token = /name="token" value="([^"]+)"/.exec(first.body)?.[1] ?? "";
    k.clock.ms += 5_000;
    const elsewhere = await post({ ...MESSAGE, token }, "192.0.2.41");
    expect(code(elsewhere)).toBe("CONTACT_FORM_INVALID");
    expect(await messages()).toEqual([]);
    expect((await post({ ...MESSAGE, token }, "198.51.100.40")).statusCode).toBe(200);
  });

  test("a few addresses using up the hourly limit do not silence a visitor who did the work", async () => {
    const flooders = Math.ceil(config.maxGlobal / config.maxPerAddress) + 1;
    for (let f = 0; f < flooders; f++) {
      for (let n = 0; n < config.maxPerAddress; n++) {
        const address = `203.0.113.${f + 1}`;
        const token = await formToken(address);
        k.clock.ms += 3_000;
        await post({ ...MESSAGE, ...token, work: solve(token) }, address);
      }
    }
    const token = await formToken("192.0.2.99");
    k.clock.ms += 5_000;
    const genuine = await post(
      { ...MESSAGE, name: "Genuine Visitor", ...token, work: solve(token) },
      "192.0.2.99",
    );
    expect(genuine.statusCode).toBe(200);
    expect((await messages()).map((m) => m.name)).toContain("Genuine Visitor");
  });

  test("a token fetched while the form was quiet does not pass a flood with the lighter work", async () => {
    const quiet = await formToken("198.51.100.60");
    expect(quiet.workBits).toBe(config.workBits);
    for (let i = 0; i < config.maxGlobal / 2; i++) {
      const address = `203.0.113.${i + 1}`;
      const token = await formToken(address);
      k.clock.ms += 3_000;
      await post({ ...MESSAGE, ...token, work: solve(token) }, address);
    }
    const answer = await post({ ...MESSAGE, ...quiet, work: solve(quiet) }, "198.51.100.60");
    expect(code(answer)).toBe("CONTACT_WORK_REQUIRED");
  });

  test("one address posting over and over is refused at its limit before any token is read", async () => {
    const answers = [];
    for (let i = 0; i < 6; i++)
      answers.push(await post({ ...MESSAGE, token: "junk" }, "2001:db8::1"));
    expect(answers.map((a) => a.statusCode)).toEqual([400, 400, 400, 400, 429, 429]);
    // The same /64 network is the same client.
    expect((await post({ ...MESSAGE, token: "junk" }, "2001:db8::2")).statusCode).toBe(429);
  });

  test("an e-mail field shaped as a mailto: with cc and body is refused and nothing is stored", async () => {
    const token = await formToken();
    k.clock.ms += 5_000;
    const answer = await post({
      ...MESSAGE,
      email: "eve@evil.example?cc=boss%40example.com&body=Please%20pay",
      ...token,
      work: solve(token),
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().details.validationError.fieldViolations).toMatchObject([
      { field: "email" },
    ]);
    expect(await messages()).toEqual([]);
  });

  test("forged Host and Origin never reach the owner's mail", async () => {
    const token = await formToken();
    k.clock.ms += 5_000;
    await post({ ...MESSAGE, ...token, work: solve(token) }, "198.51.100.1", {
      host: "evil.example",
      origin: "https://evil.example",
      "x-forwarded-host": "evil.example",
    });
    const [mail] = createOutboxStore(k.db).latest(1);
    expect(mail?.text).toBeDefined();
    expect(`${mail?.subject} ${mail?.text}`).not.toContain("evil.example");
  });

  test("the fields are checked one by one, and a corrected post with the same token is stored", async () => {
    const token = await formToken();
    k.clock.ms += 5_000;
    const answer = await post({
      name: "",
      email: "not-an-address",
      message: "",
      ...token,
      work: solve(token),
    });
    const fields = (
      answer.json() as { details: { validationError: { fieldViolations: { field: string }[] } } }
    ).details.validationError.fieldViolations.map((v) => v.field);
    expect(fields).toEqual(["name", "email", "message"]);
    expect((await post({ ...MESSAGE, ...token, work: solve(token) })).statusCode).toBe(200);
  });

  test("without JavaScript: the first post shows the form with a token, the second thanks, a bot's replay stores nothing", async () => {
    const first = await postForm(MESSAGE);
    expect(first.statusCode).toBe(200);
    const token = /name="token" value="([^"]+)"/.exec(first.body)?.[1] ?? "";
    expect(token).not.toBe("");
    expect(first.body).toContain("Ada Visitor");
    const early = await postForm({ ...MESSAGE, token });
    expect(early.body).toContain('role="alert" id="form-error">Check your message, then send it.');
    k.clock.ms += 5_000;
    const sent = await postForm({ ...MESSAGE, token });
    expect(sent.statusCode).toBe(200);
    expect(sent.body).toContain("Thank you");
    expect(sent.body).toContain('href="/#contact"');
    const replay = await postForm({ ...MESSAGE, token });
    expect(replay.statusCode).toBe(409);
    expect(await messages()).toHaveLength(1);
  });

  test("without JavaScript, near the limits, the page says to try again shortly (no puzzle)", async () => {
    for (let i = 0; i < 2; i++) await post({ ...MESSAGE, token: "" }, "198.51.100.5");
    const answer = await postForm(MESSAGE, "198.51.100.5");
    expect(answer.statusCode).toBe(429);
    expect(answer.body).toContain("try again shortly");
    expect(answer.body).not.toContain('name="token"');
  });
});

describe("the owner's Messages view", () => {
  test("the owner marks a message read, then archived; an unknown id and a bad status are refused", async () => {
    const token = await formToken();
    k.clock.ms += 5_000;
    await post({ ...MESSAGE, ...token, work: solve(token) });
    const owner = await k.signedIn();
    const [message] = await messages();
    const mark = (id: string, status: string) =>
      k.asOwner(owner, {
        method: "POST",
        url: `/admin/api/contact-messages/${id}/status`,
        payload: { status },
      });
    expect((await mark(message?.id ?? "", "read")).json().message.status).toBe("read");
    expect((await mark(message?.id ?? "", "archived")).json().message.status).toBe("archived");
    expect((await mark("missing", "read")).statusCode).toBe(404);
    expect((await mark(message?.id ?? "", "deleted")).statusCode).toBe(400);
  });

  test("visitors and a request without the CSRF header cannot read or change messages", async () => {
    expect(
      (await k.app.inject({ method: "GET", url: "/admin/api/contact-messages" })).statusCode,
    ).toBe(401);
    const owner = await k.signedIn();
    const answer = await k.asOwner(owner, {
      method: "POST",
      url: "/admin/api/contact-messages/x/status",
      payload: { status: "read" },
      csrf: false,
    });
    expect(answer.statusCode).toBe(403);
  });
});
