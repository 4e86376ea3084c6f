/** Reads which hooks Fastify runs for one route, from `printRoutes({ includeHooks: true })`. */
import type { FastifyInstance, HTTPMethods } from "fastify";

const NODE = /^((?:[│ ] {3})*)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/;
const HOOKS = /^(?:[│ ] {3})*• \((\w+)\) (\[.*\])$/;

/** Hook name -> the functions' names in run order, for the route at `url` (after `ready()`). */
export function routeHooks(
  app: FastifyInstance,
  method: HTTPMethods,
  url: string,
): Record<string, string[]> {
  const tree = app.printRoutes({ method, includeHooks: true, commonPrefix: false });
  const prefixes: string[] = [];
  let current = "";
  const hooksByUrl = new Map<string, Record<string, string[]>>();
  for (const line of tree.split("\n")) {
    const node = NODE.exec(line);
    if (node) {
      const depth = (node[1] ?? "").length / 4;
      prefixes.length = depth;
      current = `${prefixes.join("")}${node[2] ?? ""}`;
      prefixes.push(node[2] ?? "");
      continue;
    }
    const hooks = HOOKS.exec(line);
    if (hooks) {
      const names = (JSON.parse(hooks[2] ?? "[]") as string[]).map((name) =>
        name.replace(/\(\)$/, ""),
      );
      const entry = hooksByUrl.get(current) ?? {};
      entry[hooks[1] ?? ""] = names;
      hooksByUrl.set(current, entry);
    }
  }
  const found = hooksByUrl.get(url);
  if (found === undefined) throw new Error(`no ${method} route at ${url} in:\n${tree}`);
  return found;
}
