/**
 * A browser without JavaScript on the store's member pages, for tests that need a state only
 * the pages make (a member with two-step verification on): forms posted, cookies kept.
 */
import type { LightMyRequestResponse } from "fastify";
import { TOTP } from "otpauth";
import { CALLBACK, type MemberKit, ORIGIN, PASSWORD, pkce } from "./identity-kit.ts";
import { TEST_CLIENT_ID } from "./test-app.ts";

export type MemberBrowser = ReturnType<typeof memberBrowser>;

export function memberBrowser(k: MemberKit) {
  const cookies = new Map<string, string>();
  const keep = (response: LightMyRequestResponse) => {
    const header = response.headers["set-cookie"];
    for (const line of Array.isArray(header) ? header : header ? [header] : []) {
      const [pair = ""] = line.split(";");
      const [name = "", value = ""] = pair.split("=");
      if (value === "") cookies.delete(name);
      else cookies.set(name, value);
    }
    return response;
  };
  const cookie = () => [...cookies].map(([n, v]) => `${n}=${v}`).join("; ");
  const get = async (url: string) =>
    keep(
      await k.app.inject({ method: "GET", url, headers: { host: "store.test", cookie: cookie() } }),
    );
  const submit = async (url: string, fields: Record<string, string>) =>
    keep(
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

  async function signIn(email: string) {
    const flow = pkce();
    const started = await k.post(
      "/_api/redirects-api/v1/redirect-session",
      {
        auth: {
          authRequest: {
            clientId: TEST_CLIENT_ID,
            redirectUri: CALLBACK,
            codeChallenge: flow.challenge,
            codeChallengeMethod: "S256",
            responseMode: "fragment",
            responseType: "code",
            state: flow.state,
          },
          prompt: "login",
        },
      },
      { authorization: await k.token(), origin: ORIGIN },
    );
    const session = new URL(started.json().redirectSession.fullUrl).searchParams.get("session");
    await submit("/members/sign-in", { session: session ?? "", email, password: PASSWORD });
  }

  return {
    get,
    submit,
    /** Signs the (signed-up) member in on the pages and turns two-step verification on. */
    async enrolTotp(email: string): Promise<{ totp: TOTP; recovery: string[] }> {
      await signIn(email);
      const csrf = hiddenValue(await get("/members/account"), "csrf");
      const enrolment = await submit("/members/account/two-factor", { csrf });
      const key = /id="manual-key">([A-Z2-7 ]+)</.exec(enrolment.body)?.[1]?.replace(/ /g, "");
      if (key === undefined) throw new Error(`no enrolment key in ${enrolment.body}`);
      const totp = new TOTP({ secret: key });
      const codes = await submit("/members/account/two-factor/confirm", {
        csrf,
        enrolment: hiddenValue(enrolment, "enrolment"),
        code: totp.generate({ timestamp: k.clock.ms }),
      });
      const recovery = [...codes.body.matchAll(/<li>([0-9a-f]{5}-[0-9a-f]{5})<\/li>/g)].map(
        (m) => m[1] ?? "",
      );
      if (recovery.length === 0) throw new Error(`two-step verification not on: ${codes.body}`);
      cookies.clear();
      return { totp, recovery };
    },
  };
}

/** A hidden field's value in a page. */
export function hiddenValue(page: LightMyRequestResponse, name: string): string {
  const match = new RegExp(`name="${name}" value="([^"]*)"`).exec(page.body);
  if (match?.[1] === undefined) throw new Error(`no hidden ${name} in ${page.body}`);
  return match[1].replace(/&amp;/g, "&");
}
