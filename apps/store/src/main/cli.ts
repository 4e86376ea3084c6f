// The root `npm run store` script points here: a small command dispatcher. `key …` manages the
// API key (commands/key-cli.ts), `owner …` the owner's editor (commands/owner-cli.ts), `fields …`
// the declared fields (commands/fields-cli.ts), `backup`/`restore FILE` the database
// (commands/backup-cli.ts), `copy-to-postgres`/`copy-to-sqlite FILE|DIR` move the store between
// SQLite and PostgreSQL (commands/copy-cli.ts), `precompress-site [SITE_DIR]` writes the built
// site's .br/.gz files (page/precompress-assets.ts, part of `npm run build`), `members …` and
// `outbox` the members (commands/members-cli.ts), `media prune` the pictures' unused files
// (media/prune-media.ts), `files prune` the private ones (files/prune-files.ts), `seed-booking`
// the sample booking (commands/seed-booking-cli.ts, run by the store's first start); with no
// command it runs the store itself (index.ts).
const [command, ...args] = process.argv.slice(2);
if (command === "key") {
  const { runKeyCli } = await import("./commands/key-cli.ts");
  process.exitCode = runKeyCli(args);
} else if (command === "owner") {
  const { runOwnerCli } = await import("./commands/owner-cli.ts");
  process.exitCode = await runOwnerCli(args);
} else if (command === "members" || command === "outbox") {
  const { runMembersCli } = await import("./commands/members-cli.ts");
  process.exitCode = runMembersCli(command, args);
} else if (command === "fields") {
  const { runFieldsCli } = await import("./commands/fields-cli.ts");
  process.exitCode = runFieldsCli(args);
} else if (command === "media") {
  const { runMediaCli } = await import("../media/prune-media.ts");
  process.exitCode = runMediaCli(args);
} else if (command === "files") {
  const { runFilesCli } = await import("../files/prune-files.ts");
  process.exitCode = runFilesCli(args);
} else if (command === "precompress-site") {
  const { precompressSite } = await import("../page/precompress-assets.ts");
  process.exitCode = await precompressSite(args[0]);
} else if (command === "seed-booking") {
  const { runSeedBookingCli } = await import("./commands/seed-booking-cli.ts");
  process.exitCode = runSeedBookingCli();
} else if (command === "backup" || command === "restore") {
  const { runBackupCli } = await import("./commands/backup-cli.ts");
  process.exitCode = await runBackupCli(command, args);
} else if (command === "copy-to-postgres" || command === "copy-to-sqlite") {
  const { runCopyCli } = await import("./commands/copy-cli.ts");
  process.exitCode = runCopyCli(command, args);
} else if (command === undefined) {
  await import("./index.ts");
} else {
  console.error(
    `Unknown command [${command}]. Usage: npm run store [-- key rotate | owner … | fields … | members … | outbox [COUNT] | backup FILE | restore FILE | copy-to-postgres | copy-to-sqlite FILE|DIR | media prune | files prune]`,
  );
  process.exitCode = 2;
}

export {};
