/**
 * @module Lazily loaded chunks (docs/architecture.md): a chunk that fails to load, or takes
 * longer than 120 s, rejects with `Loading chunk {id} failed`, the original error kept as `cause`.
 */

export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  readonly chunkId: string;
  constructor(chunkId: string, cause: unknown) {
    super(`Loading chunk ${chunkId} failed`, { cause });
    this.name = "ChunkLoadError";
    this.chunkId = chunkId;
  }
}

/** Runs `load` (a dynamic `import()`), bounded by the timeout. */
export function loadChunk<T>(
  chunkId: string,
  load: () => Promise<T>,
  timeoutMs = CHUNK_LOAD_TIMEOUT_MS,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadError(chunkId, new Error(`timed out after ${timeoutMs} ms`))),
      timeoutMs,
    );
    let loading: Promise<T>;
    try {
      loading = load();
    } catch (error) {
      loading = Promise.reject(error);
    }
    loading.then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(chunkId, error));
      },
    );
  });
}
