// The root `npm run store` script points here: `owner …` sub-commands (owner/owner-cli.ts),
// otherwise the store itself (index.ts).
if (process.argv[2] === "owner") {
  const { runOwnerCli } = await import("./owner/owner-cli.ts");
  process.exitCode = await runOwnerCli(process.argv.slice(3));
} else {
  await import("./index.ts");
}

export {};
