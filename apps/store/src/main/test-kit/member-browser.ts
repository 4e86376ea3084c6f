/** A browser without JavaScript on the store's member pages: cookies kept, forms posted. */
import type { LightMyRequestResponse } from "fastify";
import { TOTP } from "otpauth";
import { type MemberKit, PASSWORD } from "./identity-kit.ts";
import { type MemberTokens, silentCode, tokensOf } from "./member-signed-in.ts";
import { TEST_CLIENT_ID } from "./test-app.ts";

export type MemberBrowser = ReturnType<typeof createMemberBrowser>;

export function createMemberBrowser(k: MemberKit) {
  const cookies = new Map<string, string>();
  let formToken = "";
  const keep = (response: LightMyRequestResponse) => {
    const token = /name="form_token" value="([^"]+)"/.exec(response.body)?.[1];
    if (token !== undefined) formToken = token;
    const header = response.headers["set-cookie"];
    for (const line of Array.isArray(header) ? header : header ? [header] : []) {
      const [pair = ""] = line.split(";");
      const [name = "", value = ""] = pair.split("=");
      if (value === "") cookies.delete(name);
      else cookies.set(name, value);
    }
    return response;
  };
  const cookie = () => [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");

  const browser = {
    /** The cookies this browser keeps, by name. */
    cookies,

    /** The Cookie header this browser sends. */
    cookie,

    /** Keeps the cookies and form token of a response to a request sent by other means. */
    keep,

    async get(url: string) {
      return keep(
        await k.app.inject({
          method: "GET",
          url,
          headers: { host: "store.test", cookie: cookie() },
        }),
      );
    },

    /** Posts a form as the store's page would: with the form token of this browser's cookie. */
    async submit(url: string, fields: Record<string, string>) {
      if (!cookies.has("member_form")) await browser.get("/members/sign-in");
      return browser.submitRaw(url, { form_token: formToken, ...fields });
    },

    /** Posts a form as another site's page would: no form token. */
    async submitRaw(url: string, fields: Record<string, string>) {
      return keep(
        await k.app.inject({
          method: "POST",
          url,
          headers: {
            host: "store.test",
            cookie: cookie(),
            "content-type": "application/x-www-form-urlencoded",
          },
          payload: new URLSearchParams(fields).toString(),
        }),
      );
    },

    /** Signs in on the store's page (no flow: the account page follows). */
    signIn(email: string, password = PASSWORD) {
      return browser.submit("/members/sign-in", { email, password });
    },

    /** The account page's CSRF token. */
    async csrf(): Promise<string> {
      const page = await browser.get("/members/account");
      const match = /name="csrf" value="([^"]*)"/.exec(page.body);
      if (match?.[1] === undefined) throw new Error(`not signed in: ${page.statusCode}`);
      return match[1];
    },

    /** Member tokens for a client, from this browser's sign-in (prompt none, no form). */
    async memberTokens(): Promise<MemberTokens> {
      return tokensOf(k, await silentCode(k, { open: browser.get }));
    },

    /**
     * Signs the (signed-up) member in on the pages and turns two-step verification on, staying
     * signed in: the authenticator app, the recovery codes, the account page's CSRF token and
     * the confirmation page.
     */
    async turnOnTotp(email: string) {
      await browser.signIn(email);
      const csrf = await browser.csrf();
      const enrolment = await browser.submit("/members/account/two-factor", { csrf });
      const totp = new TOTP({ secret: manualKeyOf(enrolment) });
      const confirmed = await browser.submit("/members/account/two-factor/confirm", {
        csrf,
        enrolment: hiddenValue(enrolment, "enrolment"),
        code: totp.generate({ timestamp: k.clock.ms }),
      });
      const recovery = [...confirmed.body.matchAll(/<li>([0-9a-f]{5}-[0-9a-f]{5})<\/li>/g)].map(
        (m) => m[1] ?? "",
      );
      return { totp, recovery, csrf, confirmed };
    },

    /** {@link turnOnTotp}, then signs out of the pages: the app and the recovery codes. */
    async enrolTotp(email: string): Promise<{ totp: TOTP; recovery: string[] }> {
      const { totp, recovery, confirmed } = await browser.turnOnTotp(email);
      if (recovery.length === 0) throw new Error(`two-step verification not on: ${confirmed.body}`);
      cookies.clear();
      return { totp, recovery };
    },
  };
  return browser;
}

/** The base32 key an enrolment page shows for typing into an app. */
export function manualKeyOf(page: LightMyRequestResponse): string {
  const key = /id="manual-key">([A-Z2-7 ]+)</.exec(page.body)?.[1]?.replace(/ /g, "");
  if (key === undefined) throw new Error(`no manual key in ${page.body}`);
  return key;
}

/** A hidden field's value in a page. */
export function hiddenValue(page: LightMyRequestResponse, name: string): string {
  const match = new RegExp(`name="${name}" value="([^"]*)"`).exec(page.body);
  if (match?.[1] === undefined) throw new Error(`no hidden ${name} in ${page.body}`);
  return match[1].replace(/&amp;/g, "&");
}

/** A collection only members read: what a member's token is checked against. */
export function membersOnlyCollection(k: MemberKit): void {
  k.db
    .prepare("INSERT INTO collections (id, display_name) VALUES ('MembersOnly', 'Members only')")
    .run();
  k.db
    .prepare(
      `INSERT INTO collection_permissions (collection_id, read_role, insert_role, update_role, remove_role)
       VALUES ('MembersOnly', 'member', 'member', 'admin', 'admin')`,
    )
    .run();
}

/** A members-only read with `authorization`: 200 while the token's session is live. */
export function readAsMember(k: MemberKit, authorization: string) {
  return k.post("/wix-data/v2/items/query", { dataCollectionId: "MembersOnly" }, { authorization });
}

/** The refresh grant. */
export function refresh(k: MemberKit, refreshToken: string) {
  return k.post("/oauth2/token", {
    clientId: TEST_CLIENT_ID,
    grantType: "refresh_token",
    refreshToken,
  });
}
