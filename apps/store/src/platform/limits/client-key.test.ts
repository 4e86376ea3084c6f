import { expect, test } from "vitest";
import { clientKey } from "./client-key.ts";

test("an IPv4 address is its own key", () => {
  expect(clientKey("203.0.113.7")).toBe("203.0.113.7");
});

test("an IPv4-mapped IPv6 address counts as the IPv4 address", () => {
  expect(clientKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
});

test("every address of one IPv6 /64 shares a key, however it is written", () => {
  const keys = ["2001:db8:1:2::1", "2001:0db8:0001:0002:ffff:0:0:9", "2001:DB8:1:2:a:b:c:d"].map(
    clientKey,
  );
  expect(new Set(keys)).toEqual(new Set(["2001:db8:1:2::/64"]));
});

test("neighbouring IPv6 /64 networks get different keys", () => {
  expect(clientKey("2001:db8:1:2::1")).not.toBe(clientKey("2001:db8:1:3::1"));
});

test("compressed forms at either end expand to the right network", () => {
  expect(clientKey("::1")).toBe("0:0:0:0::/64");
  expect(clientKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
});

test("a /64 written with :: in its first half keys by its own groups, not by zeros", () => {
  expect(clientKey("2001:db8::5:6:7:8:9")).toBe("2001:db8:0:5::/64");
  expect(clientKey("2001::3:4:5:6:7:8")).toBe("2001:0:3:4::/64");
});

test("something that is no IP address is its own key, not an all-zero network", () => {
  expect(clientKey("unknown")).toBe("unknown");
  expect(clientKey("")).toBe("");
});
