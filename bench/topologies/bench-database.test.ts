import { describe, expect, it } from "vitest";
import { databaseUrlFor } from "./bench-database.ts";

describe("databaseUrlFor", () => {
  it("names another database on the same server, credentials and options kept", () => {
    expect(
      databaseUrlFor("postgres://root:pw@db.local:5433/store_dev?sslmode=require", "b_1"),
    ).toBe("postgres://root:pw@db.local:5433/b_1?sslmode=require");
  });
});
