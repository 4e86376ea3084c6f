/**
 * @module Members signing in during the load: one a second, each a new member who signs up and
 * then signs in (argon2 hashing and verifying beside the page views), from an address of their
 * own as a proxy names it (the store trusts the loopback proxy in this run), so the per-address
 * limits see different clients, as they would be.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { MEMBER_PASSWORD } from "../lib/reliability-store.ts";

export type MemberSignIns = { attempted: number; failed: number };

/** The store's settings for this: members need no mailed code, the proxy is loopback. */
export const MEMBER_LOAD_ENV = { MEMBER_EMAIL_VERIFICATION: "false", TRUST_PROXY: "127.0.0.1" };

async function succeeded(base: string, call: "register" | "login", n: number): Promise<boolean> {
  const response = await fetch(`${base}/_api/iam/authentication/v2/${call}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-forwarded-for": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
    },
    body: JSON.stringify({
      loginId: { email: `load-${n}@example.com` },
      password: MEMBER_PASSWORD,
    }),
  });
  const body = (await response.json().catch(() => ({}))) as { state?: string };
  return response.status === 200 && body.state === "SUCCESS";
}

/** Signs a new member up and in every second until `until()`. */
export async function signMembersInEverySecond(
  base: string,
  until: () => boolean,
): Promise<MemberSignIns> {
  let attempted = 0;
  let failed = 0;
  for (let n = 1; !until(); n++) {
    const tick = performance.now();
    attempted++;
    const ok = (await succeeded(base, "register", n)) && (await succeeded(base, "login", n));
    if (!ok) failed++;
    await sleep(Math.max(0, 1000 - (performance.now() - tick)));
  }
  return { attempted, failed };
}
