/**
 * The security page on two store processes sharing one PostgreSQL database: a
 * member ends their other session on node A; node B, which has just seen that session live
 * (and may keep the answer), refuses it too (the sessions' notice, LISTEN store_session_ended).
 * The delay is printed, not bounded: a busy machine sets it, and a lost notice never arrives.
 */
import { describe, expect, test } from "vitest";
import {
  callNode,
  clusterTitle,
  memberSignedOnAt,
  NO_POSTGRES,
  type TwoNodesInUse,
  useTwoStoreProcesses,
} from "../main/test-kit/two-nodes.ts";

/** When a refusal that has not come is taken as never coming. */
const GIVE_UP_MS = 5000;

let two: TwoNodesInUse;

const call = (
  base: string,
  method: "GET" | "POST",
  path: string,
  headers: Record<string, string>,
  body?: unknown,
) => callNode(base, method, path, { headers, body });

/** A new session of the member on node A: its access token. */
async function signInOnA(email: string): Promise<string> {
  return (await memberSignedOnAt(two.a.url, two.apiKey, email)).json.access_token as string;
}

describe.skipIf(NO_POSTGRES !== null)(clusterTitle("the security page on two nodes"), () => {
  two = useTwoStoreProcesses();

  test("a session ended on A's security page is refused on B", async () => {
    const mine = await signInOnA("ada@example.com");
    const stolen = await signInOnA("ada@example.com");
    const readOnB = () =>
      call(
        two.b.url,
        "POST",
        "/wix-data/v2/items/query",
        { authorization: stolen },
        {
          dataCollectionId: "ClientResources",
        },
      ).then((answer) => answer.status);
    expect(await readOnB()).toBe(200);

    const listed = await call(two.a.url, "GET", "/_api/account/v1/sessions", {
      authorization: mine,
    });
    const sessions = listed.json.sessions as { id: string; current: boolean }[];
    expect(sessions).toHaveLength(2);
    const other = sessions.find((session) => !session.current);
    const ended = await call(two.a.url, "POST", `/_api/account/v1/sessions/${other?.id}/end`, {
      authorization: mine,
    });
    expect(ended.status).toBe(200);
    const at = performance.now();
    let status = await readOnB();
    while (status === 200 && performance.now() - at < GIVE_UP_MS) status = await readOnB();
    const delay = performance.now() - at;
    console.log(`security page: a session ended on A refused on B after ${delay.toFixed(2)} ms`);
    expect(status).toBe(401);
    const stillMine = await call(two.b.url, "GET", "/_api/account/v1/sessions", {
      authorization: mine,
    });
    expect(stillMine.status).toBe(200);
  }, 30_000);
});
