// The root `npm run content` script points here: export and import of every collection
// (backup/content-command.ts).
import { runContentCli } from "./commands/content-command.ts";

process.exitCode = runContentCli(process.argv.slice(2));
