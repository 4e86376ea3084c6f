/**
 * @module The crash rounds' writers, each writing until its first unanswered request (the kill):
 * single inserts, bulk inserts, the owner's editor saves, members signing up and in. Each
 * records what it sent and what was acknowledged in the round.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { ownerHeaders, signInOwnerAt } from "../../../apps/store/src/main/testing.ts";
import { COLLECTION, MEMBER_PASSWORD, OWNER_PASSWORD } from "../lib/reliability-store.ts";
import type { Round } from "./crash-types.ts";
import { EDITED, editedVersion } from "./crash-verify.ts";

const SINGLE_WRITERS = 4;
const BULK_WRITERS = 2;
const BULK_SIZE = 10;

async function post(base: string, path: string, headers: Record<string, string>, body: unknown) {
  const response = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  return response.status;
}

/** A member's sign-up or sign-in; the session token of its SUCCESS answer. */
async function memberSession(base: string, call: "register" | "login", email: string) {
  const response = await fetch(`${base}/_api/iam/authentication/v2/${call}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ loginId: { email }, password: MEMBER_PASSWORD }),
  });
  const body = (await response.json()) as { state?: string; sessionToken?: string };
  if (response.status !== 200 || body.state !== "SUCCESS" || !body.sessionToken) {
    throw new Error(`member ${call} answered ${response.status} ${body.state}`);
  }
  return body.sessionToken;
}

/** The owner's editor session: its cookie and CSRF header. */
export async function signIn(base: string): Promise<Record<string, string>> {
  return ownerHeaders(await signInOwnerAt(base, { password: OWNER_PASSWORD }));
}

/** Runs the writers until the server stops answering. */
export function startWriters(
  base: string,
  apiKey: string,
  owner: Record<string, string>,
  label: string,
  round: Round,
) {
  const key = { authorization: apiKey };
  const single = async (writer: number) => {
    for (let n = 0; ; n++) {
      const id = `${label}-s${writer}-${n}`;
      const item = { id, data: { _id: id, writer, n, text: `${id} `.repeat(20 + (n % 50)) } };
      round.single.sent.push(item);
      const status = await post(base, "/wix-data/v2/items", key, {
        dataCollectionId: COLLECTION,
        dataItem: { data: item.data },
      });
      if (status !== 200) throw new Error(`insert answered ${status}`);
      round.single.acked.push(item);
    }
  };
  const bulk = async (writer: number) => {
    for (let n = 0; ; n++) {
      const batch = Array.from({ length: BULK_SIZE }, (_, k) => {
        const id = `${label}-b${writer}-${n}-${k}`;
        return { id, data: { _id: id, batch: `${label}-b${writer}-${n}`, k } };
      });
      round.bulk.sent.push(batch);
      const status = await post(base, "/wix-data/v2/bulk/items/insert", key, {
        dataCollectionId: COLLECTION,
        dataItems: batch.map((item) => ({ data: item.data })),
      });
      if (status !== 200) throw new Error(`bulk insert answered ${status}`);
      round.bulk.acked.push(batch);
    }
  };
  const editor = async () => {
    for (let n = 0; ; n++) {
      round.editor.sent++;
      const status = await post(base, "/wix-data/v2/items/update", owner, {
        dataCollectionId: EDITED.collection,
        dataItem: { id: EDITED.id, data: { _id: EDITED.id, ...editedVersion(`${label}e${n}-`) } },
      });
      if (status !== 200) throw new Error(`editor save answered ${status}`);
      round.editor.acked.push(n);
    }
  };
  // Each member signs up (identity row, password hash, session row), then signs in again.
  const member = async () => {
    for (let n = 0; ; n++) {
      const email = `${label}-m${n}@example.com`;
      for (const call of ["register", "login"] as const) {
        round.member.sent++;
        round.member.acked.push({ email, sessionToken: await memberSession(base, call, email) });
      }
    }
  };
  // A writer stops at its first unanswered request: the kill.
  const cut = () => undefined;
  return Promise.all([
    ...Array.from({ length: SINGLE_WRITERS }, (_, w) => single(w).catch(cut)),
    ...Array.from({ length: BULK_WRITERS }, (_, w) => bulk(w).catch(cut)),
    editor().catch(cut),
    member().catch(cut),
  ]);
}

export const FIRST_ANSWERS_WAIT_MS = 10_000;

/** Waits (up to `waitMs`) until each kind of writer has had one answer. */
export async function everyWriterAnswered(round: Round, waitMs: number): Promise<void> {
  const deadline = Date.now() + waitMs;
  const answered = () =>
    round.single.acked.length > 0 &&
    round.bulk.acked.length > 0 &&
    round.editor.acked.length > 0 &&
    round.member.acked.length > 0;
  while (!answered() && Date.now() < deadline) await sleep(5);
}
