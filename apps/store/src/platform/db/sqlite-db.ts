/**
 * @module The SQLite connection as a `Db`: statements and transactions are better-sqlite3's own,
 * so the default engine pays nothing for the abstraction. `sqlite` is the raw connection for
 * what only SQLite has (pragmas, functions, online backup).
 */
import type Database from "better-sqlite3";
import { createContentVersion } from "./content-version.ts";
import type { ChangeNotices, ContentVersion, Db } from "./sql-db.ts";
import type { WalCheckpointer } from "./wal-checkpointer.ts";

export class SqliteDb implements Db {
  readonly dialect = "sqlite" as const;
  readonly capabilities = { sharedByNodes: false };
  readonly sqlite: Database.Database;
  private version: ContentVersion | undefined;

  private readonly checkpointer: WalCheckpointer | null;

  /** `checkpointer`: the WAL's checkpoints off this thread (a file's database; wal-checkpointer.ts). */
  constructor(sqlite: Database.Database, checkpointer: WalCheckpointer | null = null) {
    this.sqlite = sqlite;
    this.checkpointer = checkpointer;
  }

  prepare<BindParameters extends unknown[] | {} = unknown[], Result = unknown>(sql: string) {
    return this.sqlite.prepare<BindParameters, Result>(sql);
  }

  contentVersion(): ContentVersion {
    this.version ??= createContentVersion(this.sqlite);
    return this.version;
  }

  /** None: other processes' writes are read afresh (a read costs microseconds). */
  changeNotices(): ChangeNotices | null {
    return null;
  }

  exec(sql: string): void {
    this.sqlite.exec(sql);
  }

  transaction<A extends unknown[], T>(fn: (...args: A) => T): (...args: A) => T {
    return this.sqlite.transaction(fn);
  }

  get inTransaction(): boolean {
    return this.sqlite.inTransaction;
  }

  close(): void {
    // The worker's connection closes after this one; the last to close checkpoints and drops the WAL.
    void this.checkpointer?.close();
    this.sqlite.close();
  }
}
