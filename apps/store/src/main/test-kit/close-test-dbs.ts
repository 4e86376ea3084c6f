/**
 * @module Vitest setup file (the store's and the conformance suite's): once a test file is done,
 * its PostgreSQL test databases that no test closed are closed, which drops their schemas.
 */
import { afterAll } from "vitest";
import { closeOpenTestDbs } from "./test-db.ts";

afterAll(closeOpenTestDbs);
