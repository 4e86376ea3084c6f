/**
 * @module Process entry (`tsx apps/store/src/main/index.ts`): reads the environment, prepares
 * DATA_DIR and the database (signing key, first-start seed), serves the API and the built site, and
 * shuts down cleanly on SIGINT/SIGTERM. Startup problems end the process with one clear line.
 */
import { accessSync, constants } from "node:fs";
import { readBeaconsPerMinute } from "../analytics/index.ts";
import { bookingSeedPending, readReminderTickMs } from "../bookings/index.ts";
import { createApiKeys, createItemsStore, seedContent, seedWords } from "../data/index.ts";
import {
  filesDirOf,
  readFilesDigestMs,
  readFilesMaxBytes,
  readFilesQuotaBytes,
} from "../files/index.ts";
import type { IdentityOptions } from "../identity/index.ts";
import {
  passwordHashCostWarning,
  readCaptchaVerifier,
  readIdentityConfig,
} from "../identity/index.ts";
import { createMediaFiles, mediaDirOf, seedPictures } from "../media/index.ts";
import { type OwnerConfig, readOwnerConfig } from "../owner/index.ts";
import { assertSiteBuilt } from "../page/index.ts";
import { readEnvConfig } from "../platform/config.ts";
import { createAccessStore } from "../platform/db/access-store.ts";
import { describeDataDirReport, prepareDataDirModes } from "../platform/db/data-dir.ts";
import { openStoreDb } from "../platform/db/open.ts";
import type { Db } from "../platform/db/sql-db.ts";
import { publicUrlWarning } from "../platform/http/request-origin.ts";
import { createSmtpMailer, readSmtpSettings } from "../platform/mail/mailer.ts";
import { storeSigningKey } from "../platform/secrets/store-signing-key.ts";
import { createApp } from "./app.ts";
import { apiKeyNotice } from "./commands/key-cli.ts";

function fail(message: string): never {
  console.error(`store: ${message}`);
  process.exit(1);
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function prepareDataDir(dataDir: string): void {
  try {
    const report = prepareDataDirModes(dataDir);
    accessSync(dataDir, constants.W_OK);
    for (const line of describeDataDirReport(report)) console.log(line);
  } catch (error) {
    fail(
      `DATA_DIR ${dataDir} is not writable (${(error as NodeJS.ErrnoException).code ?? errorText(error)})`,
    );
  }
}

async function main(): Promise<void> {
  let config: ReturnType<typeof readEnvConfig>;
  let filesMaxBytes: number;
  let filesQuotaBytes: number;
  let filesDigestMs: number;
  let reminderTickMs: number;
  let beacons: { perMinute: number };
  let ownerConfig: OwnerConfig; // owner editor
  let identity: IdentityOptions; // members
  try {
    config = readEnvConfig(process.env, process.cwd());
    ownerConfig = readOwnerConfig(process.env);
    filesMaxBytes = readFilesMaxBytes(process.env.FILES_MAX_BYTES);
    filesQuotaBytes = readFilesQuotaBytes(process.env.FILES_QUOTA_BYTES);
    filesDigestMs = readFilesDigestMs(process.env.FILES_DIGEST_SECONDS);
    reminderTickMs = readReminderTickMs(process.env.BOOKING_REMINDER_SECONDS);
    beacons = readBeaconsPerMinute(process.env.ANALYTICS_BEACONS_PER_MINUTE);
    const smtp = readSmtpSettings(process.env);
    const captcha = readCaptchaVerifier(process.env);
    identity = {
      config: readIdentityConfig(process.env),
      ...(smtp === null ? {} : { mailer: createSmtpMailer(smtp) }),
      ...(captcha === undefined ? {} : { captcha }),
    };
    assertSiteBuilt(config.siteDir);
  } catch (error) {
    return fail(errorText(error));
  }
  prepareDataDir(config.dataDir);

  let db: Db;
  let signingKey: Uint8Array;
  try {
    db = openStoreDb(config);
    signingKey = storeSigningKey(db, { dataDir: config.dataDir, configured: config.signingKey });
    const store = createItemsStore(db);
    if (seedContent(store, { now: Date.now() })) {
      console.log(`store: seeded the sample content into ${config.dataDir}`);
    }
    seedPictures(db, store, createMediaFiles(mediaDirOf(config.dataDir)), { now: Date.now() });
    const words = seedWords(db, store, { now: Date.now() });
    if (words > 0)
      console.log(`store: added ${words} default texts of the page (headings, buttons)`);
    if (bookingSeedPending(db)) {
      const { runSeedBookingApart } = await import("./commands/seed-booking-cli.ts");
      runSeedBookingApart();
    }
    const apiKey = createApiKeys(createAccessStore(db)).ensure();
    if (apiKey !== null) console.log(apiKeyNotice(apiKey, "created"));
  } catch (error) {
    return fail(`cannot open the data in ${config.dataDir}: ${errorText(error)}`);
  }

  const app = createApp({
    db,
    config: { clientId: config.clientId, signingKey },
    site: { dir: config.siteDir },
    logger: { level: process.env.LOG_LEVEL ?? "warn" },
    owner: ownerConfig,
    trustProxy: config.trustProxy,
    corsOrigins: config.corsOrigins,
    timeouts: config.timeouts,
    connectionsPerClient: config.connectionsPerClient,
    identity,
    media: { dir: mediaDirOf(config.dataDir) },
    files: {
      dir: filesDirOf(config.dataDir),
      maxBytes: filesMaxBytes,
      quotaBytes: filesQuotaBytes,
      digestMs: filesDigestMs,
    },
    sharedCache: config.sharedCache,
    purgeUrl: config.purgeUrl,
    bookings: { reminderTickMs },
    beacons,
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`store: ${signal} received, closing`);
    try {
      await app.close();
    } finally {
      db.close();
    }
    process.exit(0);
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    db.close();
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EADDRINUSE")
      fail(`port ${config.port} is already in use; set PORT to a free port`);
    if (code === "EACCES")
      fail(`no permission to listen on port ${config.port}; set PORT above 1024`);
    fail(`cannot start: ${errorText(error)}`);
  }
  const shownHost = config.host === "0.0.0.0" || config.host === "::" ? "localhost" : config.host;
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  console.log(`store: listening on http://${shownHost}:${port}`);
  const warnings = [
    publicUrlWarning(config.host, identity.config?.publicUrl ?? null),
    passwordHashCostWarning(process.env),
  ];
  for (const warning of warnings) {
    if (warning !== null) console.warn(`\n${"!".repeat(72)}\n${warning}\n${"!".repeat(72)}\n`);
  }
}

await main();
