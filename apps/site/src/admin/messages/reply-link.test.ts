import { describe, expect, test } from "vitest";
import { replyLink } from "./reply-link.ts";

const message = {
  name: "Jo Visitor",
  email: "jo@example.com",
  message: "Hello\nCan we talk?",
  createdAt: 0,
};

describe("the reply link of a contact message", () => {
  test("mails the sender with the subject and the message quoted", () => {
    const link = replyLink(message, "1 Dec 2026") ?? "";
    const url = new URL(link);
    expect(url.protocol).toBe("mailto:");
    expect(decodeURIComponent(url.pathname)).toBe("jo@example.com");
    expect(url.searchParams.get("subject")).toBe("Re: your message");
    expect(url.searchParams.get("body")).toContain(
      "On 1 Dec 2026, Jo Visitor wrote:\r\n> Hello\r\n> Can we talk?",
    );
    expect([...url.searchParams.keys()]).toEqual(["subject", "body"]);
  });

  test("a crafted message cannot add recipients or headers", () => {
    const link = replyLink(
      {
        ...message,
        name: "x&bcc=evil@example.net",
        message: "?cc=evil@example.net&bcc=a@b.c\r\nBcc: x",
      },
      "today",
    );
    const url = new URL(link ?? "");
    expect([...url.searchParams.keys()]).toEqual(["subject", "body"]);
    expect(link).not.toMatch(/[?&](cc|bcc)=/i);
  });

  test("an address that is not one plain mailbox gets no link", () => {
    for (const email of [
      "jo@example.com?bcc=evil@example.net",
      "jo@example.com,evil@example.net",
      "jo@example.com&cc=evil@example.net",
      "Jo <jo@example.com>",
      "jo@example.com%0abcc:evil@example.net",
      "not an address",
    ]) {
      expect(replyLink({ ...message, email }, "today")).toBeNull();
    }
  });
});
