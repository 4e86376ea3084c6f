/**
 * @module The load figure: many connections on the page and the visitors' content queries for
 * a while (autocannon in its own process), while the owner saves an edit every second and a
 * visitor checks when it shows, and a new member signs up and in every second. Figures: errors, p99, RSS at start, peak and end, and how long
 * each edit took to reach visitors. Then a sign-in flood (sign-in-flood.ts): `GET /` during it
 * beside its quiet figure. All traffic to 127.0.0.1.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { ownerHeaders, signInOwnerAt } from "../../../apps/store/src/main/testing.ts";
import { percentile } from "../../lib/stats.ts";
import type { LoadResult } from "../../load/load-spec.ts";
import { runLoad } from "../../load/run-load.ts";
import { type ProductionStore, startProductionStore } from "../lib/production-store.ts";
import { OWNER_PASSWORD } from "../lib/reliability-store.ts";
import {
  MEMBER_LOAD_ENV,
  type MemberSignIns,
  signMembersInEverySecond,
} from "./members-signing-in.ts";
import { measureSignInFlood, type SignInFloodFigures } from "./sign-in-flood.ts";

export type ReliabilityLoadOptions = {
  connections: number;
  durationSeconds: number;
  /** The sign-in flood after the load (sign-in-flood.ts). */
  floodSeconds: number;
};

export type ReliabilityLoadFigures = ReliabilityLoadOptions & {
  load: LoadResult;
  saves: number;
  failedSaves: number;
  /** ms from a save's answer to the first visitor query showing it. */
  visibleAfterMs: { p50: number; p99: number; max: number; over1s: number };
  rssMb: { start: number; peak: number; end: number };
  /** The store's CPU time (user + system) over the load, per request answered. */
  cpuMsPerRequest: number;
  /** New members signing up and in, one a second. */
  members: MemberSignIns;
  /** After the load: `GET /` and a member's sign-in during a password flood. */
  flood?: SignInFloodFigures;
};

const EDITED_COLLECTION = "About";
const FLOODERS = 48;
const FLOOD_ADDRESSES = 256;
const VISIBILITY_LIMIT_MS = 5_000;
const POLL_MS = 10;

type Json = Record<string, unknown>;

async function json(response: Response): Promise<Json> {
  return (await response.json()) as Json;
}

async function visitorToken(base: string): Promise<string> {
  const response = await fetch(`${base}/oauth2/token`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ clientId: "local", grantType: "anonymous" }),
  });
  return String((await json(response)).access_token);
}

async function signIn(base: string): Promise<Record<string, string>> {
  return ownerHeaders(await signInOwnerAt(base, { password: OWNER_PASSWORD }));
}

function queryBody(collection: string): string {
  return JSON.stringify({ dataCollectionId: collection, query: { paging: { limit: 50 } } });
}

async function visitorItems(base: string, token: string): Promise<Json[]> {
  const response = await fetch(`${base}/wix-data/v2/items/query`, {
    method: "POST",
    headers: { authorization: token, "content-type": "application/json" },
    body: queryBody(EDITED_COLLECTION),
  });
  return ((await json(response)).dataItems as { data: Json }[]).map((item) => item.data);
}

/** Saves an edit every second until `until()`; measures when visitors see each. */
async function editEverySecond(store: ProductionStore, token: string, until: () => boolean) {
  const owner = await signIn(store.baseUrl);
  const [first] = await visitorItems(store.baseUrl, token);
  if (!first) throw new Error(`no ${EDITED_COLLECTION} item to edit`);
  const visible: number[] = [];
  let saves = 0;
  let failed = 0;
  for (let n = 0; !until(); n++) {
    const tick = performance.now();
    const marker = `edit-${n}`;
    const response = await fetch(`${store.baseUrl}/wix-data/v2/items/update`, {
      method: "POST",
      headers: { ...owner, "content-type": "application/json" },
      body: JSON.stringify({
        dataCollectionId: EDITED_COLLECTION,
        dataItem: { id: first._id, data: { ...first, reliabilityMarker: marker } },
      }),
    });
    await response.arrayBuffer();
    saves++;
    if (!response.ok) {
      failed++;
    } else {
      const acked = performance.now();
      for (;;) {
        const items = await visitorItems(store.baseUrl, token);
        if (items.some((item) => item.reliabilityMarker === marker)) {
          visible.push(performance.now() - acked);
          break;
        }
        if (performance.now() - acked > VISIBILITY_LIMIT_MS) {
          visible.push(Number.POSITIVE_INFINITY);
          break;
        }
        await sleep(POLL_MS);
      }
    }
    await sleep(Math.max(0, 1000 - (performance.now() - tick)));
  }
  return { saves, failed, visible };
}

/** Runs the load against the production start; the store is stopped afterwards. */
export async function runReliabilityLoad(
  options: ReliabilityLoadOptions,
): Promise<ReliabilityLoadFigures> {
  const store = await startProductionStore(MEMBER_LOAD_ENV);
  try {
    const token = await visitorToken(store.baseUrl);
    const rssStart = store.rssMb();
    const cpuStart = store.cpuMs();
    let peak = rssStart;
    const sampler = setInterval(() => {
      peak = Math.max(peak, store.rssMb());
    }, 1000);
    let loading = true;
    // Settled here, so a failure while the load runs is reported after it, not unhandled.
    const edits = editEverySecond(store, token, () => !loading).then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
    const members = signMembersInEverySecond(store.baseUrl, () => !loading);
    try {
      const load = await runLoad({
        url: store.baseUrl,
        connections: options.connections,
        durationSeconds: options.durationSeconds,
        requests: [
          { method: "GET", path: "/", headers: { "accept-encoding": "br, gzip" } },
          ...["About", "Services", "Clients"].map((collection) => ({
            method: "POST" as const,
            path: "/wix-data/v2/items/query",
            headers: {
              authorization: token,
              "content-type": "application/json",
              "accept-encoding": "br, gzip",
            },
            body: queryBody(collection),
          })),
        ],
      });
      loading = false;
      const cpuMs = store.cpuMs() - cpuStart;
      const outcome = await edits;
      if ("error" in outcome) throw outcome.error;
      const { saves, failed, visible } = outcome.value;
      peak = Math.max(peak, store.rssMb());
      return {
        ...options,
        load,
        saves,
        failedSaves: failed,
        visibleAfterMs: {
          p50: percentile(visible, 50),
          p99: percentile(visible, 99),
          max: Math.max(...visible),
          over1s: visible.filter((ms) => ms > 1000).length,
        },
        rssMb: { start: rssStart, peak, end: store.rssMb() },
        cpuMsPerRequest: cpuMs / Math.max(1, load.totalRequests),
        members: await members,
        flood: await measureSignInFlood(store.baseUrl, {
          flooders: FLOODERS,
          addresses: FLOOD_ADDRESSES,
          seconds: options.floodSeconds,
        }),
      };
    } finally {
      loading = false;
      clearInterval(sampler);
      await edits;
      await members.catch(() => undefined);
    }
  } finally {
    await store.stop();
  }
}
