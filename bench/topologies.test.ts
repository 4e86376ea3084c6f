import { describe, expect, it } from "vitest";
import type { TopologyNode } from "./topologies/topology-node.ts";
import { nodeSpecs } from "./topologies.ts";

const node = (port: number): TopologyNode => ({
  baseUrl: `http://127.0.0.1:${port}`,
  stop: async () => {},
  visitorToken: `token-${port}`,
  writes: [{ method: "POST", path: "/wix-data/v2/items/update", body: "{}" }],
});

describe("nodeSpecs", () => {
  it("shares the connections out among the nodes, one load per node", () => {
    const specs = nodeSpecs([node(1), node(2)], "page", 64, 10);
    expect(specs.map((spec) => [spec.url, spec.connections])).toEqual([
      ["http://127.0.0.1:1", 32],
      ["http://127.0.0.1:2", 32],
    ]);
  });

  it("sends each node's queries with that node's visitor token", () => {
    const [spec] = nodeSpecs([node(7)], "query", 64, 10);
    expect(spec?.requests.every((request) => request.headers?.authorization === "token-7")).toBe(
      true,
    );
  });

  it("gives writes every connection and a longer timeout", () => {
    const [spec] = nodeSpecs([node(1)], "write", 64, 10);
    expect(spec).toMatchObject({ connections: 64, timeoutSeconds: 30, staggered: true });
  });

  it("starts the second node's writers at the items after the first node's", () => {
    const writer = (port: number): TopologyNode => ({
      ...node(port),
      writes: Array.from({ length: 64 }, (_, i) => ({
        method: "POST" as const,
        path: "/wix-data/v2/items/update",
        body: `item-${i}`,
      })),
    });
    const specs = nodeSpecs([writer(1), writer(2)], "write", 64, 10);
    expect(specs.map((spec) => [spec.connections, spec.requests[0]?.body])).toEqual([
      [32, "item-0"],
      [32, "item-32"],
    ]);
    expect(specs[1]?.requests).toHaveLength(64);
  });
});
