/** What a shared file may be: its name picks the type, its first bytes must agree. */
import { describe, expect, test } from "vitest";
import { checkType } from "./file-types.ts";
import { readFilesDigestMs, readFilesMaxBytes, readFilesQuotaBytes } from "./files-config.ts";

const bytes = (...values: number[]) => new Uint8Array(values);
const text = (value: string) => new TextEncoder().encode(value);

describe("checkType", () => {
  test.each([
    ["report.pdf", text("%PDF-1.4"), "application/pdf"],
    ["Photo.JPG", bytes(0xff, 0xd8, 0xff, 0xe0), "image/jpeg"],
    ["scan.png", bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a), "image/png"],
    [
      "plan.docx",
      bytes(0x50, 0x4b, 0x03, 0x04),
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    ],
    ["old.xls", bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1), "application/vnd.ms-excel"],
    ["pic.webp", text("RIFF\u0000\u0000\u0000\u0000WEBPVP8 "), "image/webp"],
    ["all.7z", bytes(0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c), "application/x-7z-compressed"],
  ])("%s with its own signature is %s", (name, head, type) => {
    expect(checkType(name, head)).toEqual({ ok: true, type });
  });

  test.each([
    ["invoice.pdf", text("<!doctype html>"), "a PDF"],
    ["invoice.pdf", text(" %PDF-1.4"), "a PDF"],
    ["photo.jpg", bytes(0x89, 0x50, 0x4e, 0x47), "a JPEG picture"],
    ["plan.docx", text("%PDF-1.4"), "a ZIP container (Office document or archive)"],
    ["pic.webp", text("RIFF\u0000\u0000\u0000\u0000WAVEfmt "), "a WebP picture"],
    ["empty.pdf", new Uint8Array(), "a PDF"],
  ])("%s holding other bytes is refused as not %s", (name, head, expected) => {
    expect(checkType(name, head)).toMatchObject({ ok: false, reason: "mismatch", expected });
  });

  test.each(["page.html", "logo.svg", "run.exe", "notes", ".pdf", "a.toString", "b.__proto__"])(
    "%s is no kind the store takes",
    (name) => {
      expect(checkType(name, text("%PDF-1.4"))).toMatchObject({ ok: false, reason: "extension" });
    },
  );
});

describe("FILES_MAX_BYTES", () => {
  test("defaults to 50 MB and reads bytes or units", () => {
    expect(readFilesMaxBytes(undefined)).toBe(50 * 1024 * 1024);
    expect(readFilesMaxBytes(" 20mb ")).toBe(20 * 1024 * 1024);
    expect(readFilesMaxBytes("1000")).toBe(1000);
    expect(readFilesMaxBytes("1GB")).toBe(1024 ** 3);
  });

  test.each(["0", "-5", "ten", "3TB", "1.5MB", "99999999999999999999"])("refuses %s", (value) => {
    expect(() => readFilesMaxBytes(value)).toThrow(/FILES_MAX_BYTES must be/);
  });
});

describe("FILES_QUOTA_BYTES", () => {
  test("defaults to 500 MB per client and reads bytes or units up to 1 TB", () => {
    expect(readFilesQuotaBytes(undefined)).toBe(500 * 1024 * 1024);
    expect(readFilesQuotaBytes("2GB")).toBe(2 * 1024 ** 3);
    expect(readFilesQuotaBytes("1TB")).toBe(1024 ** 4);
  });

  test.each(["0", "none", "2TB", "1.5GB"])("refuses %s", (value) => {
    expect(() => readFilesQuotaBytes(value)).toThrow(
      /FILES_QUOTA_BYTES must be a size from 1 byte to 1TB/,
    );
  });
});

describe("FILES_DIGEST_SECONDS", () => {
  test("is ten minutes unset, else whole seconds", () => {
    expect(readFilesDigestMs(undefined)).toBe(600_000);
    expect(readFilesDigestMs(" 1 ")).toBe(1000);
    expect(readFilesDigestMs("86400")).toBe(86_400_000);
  });

  test.each(["0", "1.5", "10m", "86401"])("refuses %s", (value) => {
    expect(() => readFilesDigestMs(value)).toThrow(/FILES_DIGEST_SECONDS must be whole seconds/);
  });
});
