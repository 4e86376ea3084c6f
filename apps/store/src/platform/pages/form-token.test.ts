/**
 * The members' pages' form tokens, as a cross-site page would try them: a post without the
 * browser's form cookie, with an empty or another browser's token, or with a token made under
 * another key is refused; one page's forms share one cookie and token for a whole day.
 */
import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { FORM_COOKIE, FORM_FIELD, formToken, formTokenValid, withFormToken } from "./form-token.ts";

const KEY = new Uint8Array(32).fill(7);
const OTHER_KEY = new Uint8Array(32).fill(8);
let app: FastifyInstance;

beforeEach(async () => {
  app = Fastify();
  // A page with two forms asks for the token twice.
  app.get("/page", async (request, reply) => {
    const first = formToken(KEY, request, reply);
    return { first, second: formToken(KEY, request, reply) };
  });
  app.post<{ Body: { token: string; key?: string } }>("/post", async (request) => ({
    valid: formTokenValid(
      request.body.key === "other" ? OTHER_KEY : KEY,
      request,
      request.body.token,
    ),
  }));
  await app.ready();
});
afterEach(() => app.close());

async function openPage(cookie?: string) {
  const response = await app.inject({
    method: "GET",
    url: "/page",
    headers: cookie === undefined ? {} : { cookie: `${FORM_COOKIE}=${cookie}` },
  });
  const body = response.json() as { first: string; second: string };
  const setCookie = response.headers["set-cookie"];
  return { ...body, setCookie: typeof setCookie === "string" ? setCookie : undefined };
}

const post = async (token: string, cookie: string | undefined, key?: "other") =>
  (
    (
      await app.inject({
        method: "POST",
        url: "/post",
        headers: cookie === undefined ? {} : { cookie: `${FORM_COOKIE}=${cookie}` },
        payload: { token, key },
      })
    ).json() as { valid: boolean }
  ).valid;

const cookieValue = (setCookie: string | undefined) =>
  /^member_form=([^;]+);/.exec(setCookie ?? "")?.[1];

describe("a browser's first page", () => {
  test("gets one Lax, HttpOnly cookie for a day, and every form of the page the same token", async () => {
    const opened = await openPage();
    expect(opened.setCookie).toMatch(
      /^member_form=[\w-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=86400$/,
    );
    expect(opened.second).toBe(opened.first);
    expect(await post(opened.first, cookieValue(opened.setCookie))).toBe(true);
  });

  test("a cookie too short to be ours is replaced, not trusted", async () => {
    const opened = await openPage("short");
    expect(cookieValue(opened.setCookie)).not.toBe("short");
    expect(await post(opened.first, "short")).toBe(false);
  });
});

describe("a browser that has its cookie", () => {
  const kept = "k".repeat(32);

  test("keeps it: no new cookie, the same token on every page", async () => {
    const one = await openPage(kept);
    const two = await openPage(kept);
    expect(one.setCookie).toBeUndefined();
    expect(two.first).toBe(one.first);
    expect(await post(one.first, kept)).toBe(true);
  });

  test("a cross-site post sends no cookie and is refused, whatever token it carries", async () => {
    const { first } = await openPage(kept);
    expect(await post(first, undefined)).toBe(false);
  });

  test("an empty token, another browser's token, or one made under another key is refused", async () => {
    const mine = (await openPage(kept)).first;
    const theirs = (await openPage("t".repeat(32))).first;
    expect(await post("", kept)).toBe(false);
    expect(await post(theirs, kept)).toBe(false);
    expect(await post(mine, kept, "other")).toBe(false);
  });
});

test("every post form of a page carries the token; other forms and the rest are untouched", () => {
  const markup =
    '<form method="post" action="/a"><button></button></form>' +
    '<form method="get" action="/s"></form><form method="post">';
  expect(withFormToken(markup, "TOKEN")).toBe(
    `<form method="post" action="/a">\n<input type="hidden" name="${FORM_FIELD}" value="TOKEN">` +
      '<button></button></form><form method="get" action="/s"></form><form method="post">\n' +
      `<input type="hidden" name="${FORM_FIELD}" value="TOKEN">`,
  );
});
