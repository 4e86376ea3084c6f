/**
 * @module The store `npm run dev` runs: the same data, pictures and `/media/` files as `npm start`
 * (DATA_DIR, sample content, pictures and the introductory call seeded on first start), without
 * the built page.
 */
import { mkdirSync } from "node:fs";
import {
  apiKeyNotice,
  createAccessStore,
  createApiKeys,
  createApp,
  createItemsStore,
  createMediaFiles,
  loadSigningKey,
  mediaDirOf,
  openStoreDb,
  readEnvConfig,
  readOwnerConfig,
  seedBooking,
  seedContent,
  seedPictures,
} from "../../apps/store/src/main/testing.ts";

export const DEFAULT_DEV_PORT = "5173";

export function createDevStore(env: NodeJS.ProcessEnv, cwd: string, log = console.log) {
  const config = readEnvConfig({ ...env, PORT: env.PORT ?? DEFAULT_DEV_PORT }, cwd);
  mkdirSync(config.dataDir, { recursive: true });
  const db = openStoreDb(config);
  const store = createItemsStore(db);
  if (seedContent(store, { now: Date.now() })) {
    log(`dev: seeded the sample content into ${config.dataDir}`);
  }
  const mediaDir = mediaDirOf(config.dataDir);
  seedPictures(db, store, createMediaFiles(mediaDir), { now: Date.now() });
  seedBooking(db, { now: Date.now });
  const apiKey = createApiKeys(createAccessStore(db)).ensure();
  if (apiKey !== null) log(apiKeyNotice(apiKey, "created"));

  const app = createApp({
    db,
    config: { clientId: config.clientId, signingKey: loadSigningKey(config.dataDir) },
    logger: { level: env.LOG_LEVEL ?? "warn" },
    owner: readOwnerConfig(env),
    trustProxy: config.trustProxy,
    media: { dir: mediaDir },
  });
  return { app, db, store, config };
}
