/**
 * Bad input against the contact form, table-driven like
 * identity-hostile-input.test.ts: every junk value in every field, as JSON and as a form post,
 * is refused with a 4xx (a filled hidden field: a quiet 200), never a 5xx, and no message or
 * mail is stored.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createOwnerKit, type OwnerKit } from "../main/test-kit/owner-signed-in.ts";

const JUNK: unknown[] = [
  null,
  5,
  "",
  "x".repeat(10_000),
  [],
  ["a", "b"],
  {},
  { $gt: "" },
  "\u0000",
  "' OR 1=1 --",
  "<script>alert(1)</script>",
  -1,
  1e308,
  true,
];
const FIELDS = ["name", "email", "message", "token", "work", "website"];

let k: OwnerKit;
let token = "";
let address = 0;
const snapshot = () =>
  ["contact_messages", "mail_outbox"].map((table) =>
    k.db.prepare(`SELECT * FROM ${table} ORDER BY id`).all(),
  );
let before: unknown;

beforeAll(async () => {
  // Generous limits: this sweep is about input, not about counting.
  k = await createOwnerKit({ contact: { maxPerAddress: 10_000, maxGlobal: 10_000 } });
  k.insert("SiteSettings", [{ _id: "site", email: "owner@consultant.test" }]);
  token = (await k.app.inject({ method: "GET", url: "/contact/token" })).json().token;
  k.clock.ms += 10_000;
  before = snapshot();
});
afterAll(() => k.app.close());

/** A base with exactly one fault (no message), so no single replacement stores anything. */
const base = () => ({ name: "Ada", email: "ada@example.com", message: "", token, work: "" });

const cases = FIELDS.flatMap((field) =>
  JUNK.map((value, i) => ({
    name: `${field} #${i}`,
    body: { ...base(), [field]: value } as Record<string, unknown>,
  })),
);

describe("hostile input on the contact form", () => {
  test.each(cases)(
    "JSON with bad $name: a 4xx in the protocol's shape, nothing stored",
    async ({ body }) => {
      const answer = await k.app.inject({
        method: "POST",
        url: "/contact",
        remoteAddress: `10.0.${++address >> 8}.${address & 255}`,
        headers: { "content-type": "application/json" },
        payload: JSON.stringify(body),
      });
      const trap: unknown = Array.isArray(body.website) ? body.website[0] : body.website;
      const quietHoneypot = typeof trap === "string" && trap !== "";
      if (quietHoneypot) expect(answer.statusCode).toBe(200);
      else {
        expect(answer.statusCode).toBeGreaterThanOrEqual(400);
        expect(answer.statusCode).toBeLessThan(500);
        expect(answer.json()).toHaveProperty("message");
      }
      expect(snapshot()).toEqual(before);
    },
  );

  test.each(cases)(
    "form post with bad $name: a page, never a 5xx, nothing stored",
    async ({ body }) => {
      const form = new URLSearchParams(
        Object.entries(body).map(([key, value]) => [
          key,
          typeof value === "string" ? value : JSON.stringify(value),
        ]),
      );
      const answer = await k.app.inject({
        method: "POST",
        url: "/contact",
        remoteAddress: `10.1.${++address >> 8}.${address & 255}`,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: form.toString(),
      });
      expect(answer.statusCode).toBeLessThan(500);
      expect(answer.headers["content-type"]).toContain("text/html");
      expect(answer.body).not.toContain("<script>alert(1)</script>");
      expect(snapshot()).toEqual(before);
    },
  );

  test.each([
    ["a JSON array", "[]"],
    ["a JSON string", '"text"'],
    ["malformed JSON", '{"name": '],
    ["a __proto__ key", '{"__proto__": {"polluted": 1}}'],
  ])("%s body: a 4xx, nothing stored", async (_name, payload) => {
    const answer = await k.app.inject({
      method: "POST",
      url: "/contact",
      headers: { "content-type": "application/json" },
      payload,
    });
    expect(answer.statusCode).toBeGreaterThanOrEqual(400);
    expect(answer.statusCode).toBeLessThan(500);
    expect(snapshot()).toEqual(before);
  });
});
