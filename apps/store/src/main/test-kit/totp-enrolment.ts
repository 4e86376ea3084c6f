/** A member with two-step verification on, enrolled through the account pages as a browser would. */
import { TOTP } from "otpauth";
import type { MemberKit } from "./identity-kit.ts";
import { createMemberBrowser } from "./member-browser.ts";

/** Signs the (signed-up) member in on the pages and turns TOTP on: the app and the recovery codes. */
export async function enrolTotp(
  k: MemberKit,
  email: string,
): Promise<{ totp: TOTP; recovery: string[] }> {
  const browser = createMemberBrowser(k);
  await browser.signIn(email);
  const csrf = await browser.csrf();
  const enrolment = await browser.submit("/members/account/two-factor", { csrf });
  const key = /id="manual-key">([A-Z2-7 ]+)</.exec(enrolment.body)?.[1]?.replace(/ /g, "");
  const token = /name="enrolment" value="([^"]*)"/.exec(enrolment.body)?.[1];
  if (key === undefined || token === undefined) {
    throw new Error(`no enrolment in ${enrolment.body}`);
  }
  const totp = new TOTP({ secret: key });
  const codes = await browser.submit("/members/account/two-factor/confirm", {
    csrf,
    enrolment: token.replace(/&amp;/g, "&"),
    code: totp.generate({ timestamp: k.clock.ms }),
  });
  const recovery = [...codes.body.matchAll(/<li>([0-9a-f]{5}-[0-9a-f]{5})<\/li>/g)].map(
    (m) => m[1] ?? "",
  );
  if (recovery.length === 0) throw new Error(`two-step verification not on: ${codes.body}`);
  return { totp, recovery };
}
