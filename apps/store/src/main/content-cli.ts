// The root `npm run content` script points here: export and import of every collection
// (commands/content-command.ts over backup/content-transfer.ts).
import { runContentCli } from "./commands/content-command.ts";

process.exitCode = runContentCli(process.argv.slice(2));
