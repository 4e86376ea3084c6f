import type { Rolldown } from "vite";

type BuildResult = Rolldown.RolldownOutput | Rolldown.RolldownOutput[] | Rolldown.RolldownWatcher;

/** The JS chunks of a finished `vite.build()` (never in watch mode here). */
export function viteChunks(result: BuildResult): Rolldown.OutputChunk[] {
  const outputs = Array.isArray(result) ? result : [result];
  return outputs.flatMap((output) =>
    "output" in output ? output.output.filter((item) => item.type === "chunk") : [],
  );
}
