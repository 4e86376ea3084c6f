/**
 * @module The sign-in flood figure (docs/security.md, "Password-check flood"): 48 callers send
 * wrong passwords for 20 members from 256 client addresses (named through the loopback proxy)
 * for a few seconds (flood-callers.ts, in a process of its own), against the production store with
 * its production argon2id cost. Meanwhile one visitor loads `GET /` one request after another, and a genuine member signs in, once from
 * a fresh browser and once from a browser that signed in before (its device cookie). The quiet
 * `GET /` median is taken the same way just before, in the same run.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { startTsChild } from "../../lib/child.ts";
import { median } from "../../lib/stats.ts";
import { MEMBER_PASSWORD } from "../lib/reliability-store.ts";

export type SignInFloodOptions = { flooders: number; addresses: number; seconds: number };

export type FloodSignIn = { ok: boolean; code: string; ms: number };

export type SignInFloodFigures = SignInFloodOptions & {
  accounts: number;
  /** `GET /` median, ms: quiet, then during the flood. */
  pageMedianMs: { quiet: number; flood: number };
  pageRequests: { quiet: number; flood: number };
  /** Flood answers by code (`SIGN_IN_BUSY`, `IDENTITY_THROTTLED`, `-19976` = checked, …). */
  floodAnswers: Record<string, number>;
  member: { fresh: FloodSignIn; knownDevice: FloodSignIn };
};

const ACCOUNTS = 20;
const QUIET_MS = 2_000;
/** The genuine member signs in this long after the flood starts. */
const MEMBER_AFTER_MS = 1_000;
const DEVICE_COOKIE = "member_known_device";
const FLOOD_CALLERS = new URL("./flood-callers.ts", import.meta.url).pathname;
const CHILD_START_TIMEOUT_MS = 30_000;
const DONE_GRACE_MS = 30_000;

type Call = { status: number; body: Record<string, unknown>; setCookie: string[] };

async function identityCall(
  base: string,
  call: "register" | "login",
  input: { email: string; password: string; address: string; cookie?: string },
): Promise<Call> {
  const response = await fetch(`${base}/_api/iam/authentication/v2/${call}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-forwarded-for": input.address,
      ...(input.cookie === undefined ? {} : { cookie: input.cookie }),
    },
    body: JSON.stringify({ loginId: { email: input.email }, password: input.password }),
  });
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  return { status: response.status, body, setCookie: response.headers.getSetCookie() };
}

function codeOf(call: Call): string {
  if (call.status === 200) return String(call.body.state ?? "200");
  const details = call.body.details as { applicationError?: { code?: string } } | undefined;
  return details?.applicationError?.code ?? String(call.status);
}

async function memberSignIn(base: string, address: string, cookie?: string): Promise<FloodSignIn> {
  const started = performance.now();
  const call = await identityCall(base, "login", {
    email: "genuine@example.com",
    password: MEMBER_PASSWORD,
    address,
    ...(cookie === undefined ? {} : { cookie }),
  });
  const ms = performance.now() - started;
  return { ok: call.status === 200 && call.body.state === "SUCCESS", code: codeOf(call), ms };
}

/** `GET /` one after another until `until()`: each answer's time in ms. */
async function pageTimes(base: string, until: () => boolean): Promise<number[]> {
  const times: number[] = [];
  while (!until()) {
    const started = performance.now();
    const response = await fetch(`${base}/`, { headers: { "accept-encoding": "br, gzip" } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`GET / answered ${response.status}`);
    times.push(performance.now() - started);
  }
  return times;
}

/** Runs the flood against the store at `base` (which trusts the loopback proxy). */
export async function measureSignInFlood(
  base: string,
  options: SignInFloodOptions,
): Promise<SignInFloodFigures> {
  const accounts = Array.from({ length: ACCOUNTS }, (_, i) => `flooded-${i}@example.com`);
  for (const [i, email] of [...accounts, "genuine@example.com"].entries()) {
    const call = await identityCall(base, "register", {
      email,
      password: MEMBER_PASSWORD,
      address: `172.16.0.${i + 1}`,
    });
    if (call.status !== 200) throw new Error(`registering ${email}: ${codeOf(call)}`);
  }
  const first = await identityCall(base, "login", {
    email: "genuine@example.com",
    password: MEMBER_PASSWORD,
    address: "172.16.1.1",
  });
  const device = first.setCookie.find((line) => line.startsWith(`${DEVICE_COOKIE}=`));
  if (device === undefined) throw new Error("the genuine member's sign-in set no device cookie");
  const knownBrowser = device.split(";")[0] as string;

  const quietEnds = performance.now() + QUIET_MS;
  const quiet = await pageTimes(base, () => performance.now() >= quietEnds);

  const flood = startTsChild("sign-in flood", FLOOD_CALLERS, [
    base,
    String(options.flooders),
    String(options.addresses),
    String(options.seconds),
    accounts.join(","),
  ]);
  let during: number[];
  let fresh: FloodSignIn;
  let knownDevice: FloodSignIn;
  let floodAnswers: Record<string, number>;
  try {
    await flood.waitForLine(/^flooding$/, CHILD_START_TIMEOUT_MS);
    let flooding = true;
    const done = flood.waitForLine(/^flooded (.*)$/, options.seconds * 1000 + DONE_GRACE_MS);
    void done.then(
      () => {
        flooding = false;
      },
      () => {
        flooding = false;
      },
    );
    const page = pageTimes(base, () => !flooding);
    await sleep(MEMBER_AFTER_MS);
    [fresh, knownDevice] = await Promise.all([
      memberSignIn(base, "172.16.2.1"),
      memberSignIn(base, "172.16.1.1", knownBrowser),
    ]);
    const [, line] = await Promise.all([page, done]);
    during = await page;
    floodAnswers = JSON.parse(line[1] ?? "{}") as Record<string, number>;
  } finally {
    await flood.stop();
  }
  return {
    ...options,
    accounts: ACCOUNTS,
    pageMedianMs: { quiet: median(quiet), flood: median(during) },
    pageRequests: { quiet: quiet.length, flood: during.length },
    floodAnswers,
    member: { fresh, knownDevice },
  };
}
