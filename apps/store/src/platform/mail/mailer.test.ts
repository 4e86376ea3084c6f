/**
 * How the store sends mail, as a developer configures it: SMTP settings read from the
 * environment with a clear error for each incomplete one, credentials that cannot break the URL,
 * a message really handed to an SMTP server with its sender, and the development outbox.
 */
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { openTestDb } from "../../main/test-kit/test-db.ts";
import { startTestSmtp } from "../../main/test-kit/test-smtp.ts";
import type { Db } from "../db/sql-db.ts";
import { createOutboxMailer, createSmtpMailer, readSmtpSettings } from "./mailer.ts";
import { createOutboxStore } from "./outbox-store.ts";

describe("SMTP settings from the environment", () => {
  test("none configured: the outbox is used", () => {
    expect(readSmtpSettings({})).toBeNull();
    expect(readSmtpSettings({ SMTP_HOST: "  ", MAIL_FROM: "ada@example.com" })).toBeNull();
  });

  test("SMTP_URL is taken as given, with MAIL_FROM or a local sender", () => {
    expect(readSmtpSettings({ SMTP_URL: " smtps://u:p@mail.example:465 " })).toEqual({
      url: "smtps://u:p@mail.example:465",
      from: "no-reply@localhost",
    });
    expect(
      readSmtpSettings({ SMTP_URL: "smtp://mail.example", MAIL_FROM: " Ada <ada@example.com> " }),
    ).toEqual({ url: "smtp://mail.example", from: "Ada <ada@example.com>" });
  });

  test.each(["http://mail.example", "mail.example:25", "xsmtp://mail.example"])(
    "an SMTP_URL %s is refused",
    (url) => {
      expect(() => readSmtpSettings({ SMTP_URL: url })).toThrow(
        "SMTP_URL must start with smtp:// or smtps://",
      );
    },
  );

  test("SMTP_HOST alone: port 587, no credentials; SMTP_SECURE=true: smtps on 465", () => {
    expect(readSmtpSettings({ SMTP_HOST: " mail.example " })?.url).toBe("smtp://mail.example:587");
    expect(readSmtpSettings({ SMTP_HOST: "mail.example", SMTP_SECURE: " true " })?.url).toBe(
      "smtps://mail.example:465",
    );
    expect(readSmtpSettings({ SMTP_HOST: "mail.example", SMTP_SECURE: "yes" })?.url).toBe(
      "smtp://mail.example:587",
    );
    expect(readSmtpSettings({ SMTP_HOST: "mail.example", SMTP_PORT: " 2525 " })?.url).toBe(
      "smtp://mail.example:2525",
    );
  });

  test("a user and password with URL characters cannot change the server or port", () => {
    expect(
      readSmtpSettings({
        SMTP_HOST: "mail.example",
        SMTP_USER: "ada@example.com",
        SMTP_PASS: "p@ss:w/rd#1",
      })?.url,
    ).toBe("smtp://ada%40example.com:p%40ss%3Aw%2Frd%231@mail.example:587");
    expect(readSmtpSettings({ SMTP_HOST: "mail.example", SMTP_USER: "ada" })?.url).toBe(
      "smtp://ada:@mail.example:587",
    );
  });

  test("a user pasted with spaces around it signs in as the name; a blank one sends no credentials", () => {
    expect(
      readSmtpSettings({ SMTP_HOST: "mail.example", SMTP_USER: " ada ", SMTP_PASS: "secret" })?.url,
    ).toBe("smtp://ada:secret@mail.example:587");
    expect(readSmtpSettings({ SMTP_HOST: "mail.example", SMTP_USER: "   " })?.url).toBe(
      "smtp://mail.example:587",
    );
  });

  test.each(["smtp", "25a", "-1"])("an SMTP_PORT %s is refused, named in the message", (port) => {
    expect(() => readSmtpSettings({ SMTP_HOST: "mail.example", SMTP_PORT: port })).toThrow(
      `SMTP_PORT must be a port number, got "${port}"`,
    );
  });
});

describe("sending", () => {
  let db: Db;
  beforeEach(() => {
    db = openTestDb();
  });
  afterEach(() => db.close());

  test("the SMTP mailer hands each message to the server, from the configured sender", async () => {
    const smtp = await startTestSmtp();
    try {
      const mailer = createSmtpMailer({ url: smtp.url, from: "Store <store@example.com>" });
      await mailer.send({ to: "ada@example.com", subject: "First", text: "one" });
      const file = { filename: "invite.ics", contentType: "text/calendar", content: "BEGIN:X" };
      await mailer.send({
        to: "bob@example.com",
        subject: "Second",
        text: "two",
        attachments: [file],
      });
      expect(smtp.received).toEqual([
        {
          to: ["ada@example.com"],
          subject: "First",
          text: expect.stringContaining("one"),
          attachments: [],
        },
        {
          to: ["bob@example.com"],
          subject: "Second",
          text: expect.stringContaining("two"),
          attachments: [
            {
              filename: "invite.ics",
              contentType: expect.stringContaining("text/calendar"),
              content: expect.stringContaining("BEGIN:X"),
            },
          ],
        },
      ]);
    } finally {
      await smtp.close();
    }
  });

  test("a server that cannot be reached makes the send fail, not pass silently", async () => {
    const mailer = createSmtpMailer({ url: "smtp://127.0.0.1:1", from: "store@example.com" });
    await expect(
      mailer.send({ to: "ada@example.com", subject: "Lost", text: "x" }),
    ).rejects.toThrow();
  });

  test("the outbox keeps each message with its time", async () => {
    const outbox = createOutboxStore(db);
    await createOutboxMailer(outbox, () => 42_000).send({
      to: "ada@example.com",
      subject: "Kept",
      text: "body",
    });
    expect(outbox.latest(5)).toEqual([
      expect.objectContaining({
        to: "ada@example.com",
        subject: "Kept",
        text: "body",
        createdAt: 42_000,
      }),
    ]);
  });
});
