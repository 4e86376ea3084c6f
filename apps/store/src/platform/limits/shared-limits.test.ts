/**
 * Two store nodes (two apps, two connections) on one PostgreSQL schema, attacked at once: the
 * sign-in limits are counted in the database, so the attempts spread over both nodes get through
 * at most the limit, together.
 */
import type { FastifyInstance } from "fastify";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { DEFAULT_IDENTITY_CONFIG } from "../../identity/identity-config.ts";
import { setOwnerPassword } from "../../main/test-kit/owner-signed-in.ts";
import { NO_POSTGRES, openTwoApps, type TwoApps } from "../../main/test-kit/two-nodes.ts";
import { DEFAULT_OWNER_CONFIG } from "../../owner/owner-config.ts";
import { createSemaphore } from "./semaphore.ts";

const PASSWORD = "the owner's long and right password";
const ATTEMPTS = 40;

let cluster: TwoApps;
let nodes: FastifyInstance[];

beforeEach(async () => {
  if (NO_POSTGRES !== null) return;
  // Room for every attempt at once: only the limit may turn them away.
  cluster = openTwoApps({ passwordVerifications: createSemaphore(ATTEMPTS) });
  nodes = cluster.nodes;
  await setOwnerPassword(cluster.dbs[0], { password: PASSWORD });
});

afterEach(async () => {
  if (NO_POSTGRES !== null) return;
  await cluster.close();
});

function countBy<T>(values: T[]): Map<T, number> {
  const counts = new Map<T, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
}

describe.skipIf(NO_POSTGRES !== null)(
  `two nodes on one PostgreSQL share the attempt limits${NO_POSTGRES ? ` (skipped: ${NO_POSTGRES})` : ""}`,
  () => {
    test("40 owner sign-ins at once over two nodes: 5 reach the password, the rest wait", async () => {
      const signIn = (node: FastifyInstance, password: string) =>
        node.inject({
          method: "POST",
          url: "/admin/api/sign-in",
          payload: { password },
          remoteAddress: "198.51.100.9",
        });
      const answers = await Promise.all(
        Array.from({ length: ATTEMPTS }, (_, i) =>
          signIn(nodes[i % 2] as FastifyInstance, `guess number ${i}`),
        ),
      );
      const statuses = countBy(answers.map((answer) => answer.statusCode));
      console.log(
        `owner sign-in, ${ATTEMPTS} at once over 2 nodes: ${JSON.stringify([...statuses])}`,
      );
      expect(statuses.get(401)).toBe(DEFAULT_OWNER_CONFIG.signInMaxFailures);
      expect(statuses.get(429)).toBe(ATTEMPTS - DEFAULT_OWNER_CONFIG.signInMaxFailures);
      // Even the right password now waits, on either node.
      for (const node of nodes) expect((await signIn(node, PASSWORD)).statusCode).toBe(429);
    });

    test("60 member logins for one e-mail from 60 addresses over two nodes: 10 are checked", async () => {
      const attempts = 60;
      const answers = await Promise.all(
        Array.from({ length: attempts }, (_, i) =>
          (nodes[i % 2] as FastifyInstance).inject({
            method: "POST",
            url: "/_api/iam/authentication/v2/login",
            headers: { "content-type": "application/json" },
            payload: JSON.stringify({ loginId: { email: "ada@example.com" }, password: `g${i}` }),
            remoteAddress: `192.0.2.${i + 1}`,
          }),
        ),
      );
      const statuses = countBy(answers.map((answer) => answer.statusCode));
      console.log(
        `member login, ${attempts} at once over 2 nodes: ${JSON.stringify([...statuses])}`,
      );
      const max = DEFAULT_IDENTITY_CONFIG.loginMaxPerEmail;
      expect(statuses.get(400)).toBe(max);
      expect(statuses.get(429)).toBe(attempts - max);
    });
  },
);
