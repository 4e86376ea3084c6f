import { describe, expect, test } from "vitest";
import { readEnvConfig } from "./config.ts";

describe("readEnvConfig", () => {
  test("applies the documented defaults", () => {
    const config = readEnvConfig({}, "/srv/app");
    expect(config).toMatchObject({
      port: 8080,
      host: "0.0.0.0",
      dataDir: "/srv/app/data",
      clientId: "local",
    });
    expect(config.siteDir).toMatch(/apps\/site\/dist\/?$/);
  });

  test("resolves DATA_DIR and SITE_DIR from the working directory", () => {
    const config = readEnvConfig({ DATA_DIR: "state", SITE_DIR: "../site" }, "/srv/app");
    expect(config.dataDir).toBe("/srv/app/state");
    expect(config.siteDir).toBe("/srv/site");
  });

  test("reads PORT, HOST and CLIENT_ID", () => {
    expect(readEnvConfig({ PORT: "9000", HOST: "127.0.0.1", CLIENT_ID: "abc" }, "/")).toMatchObject(
      {
        port: 9000,
        host: "127.0.0.1",
        clientId: "abc",
      },
    );
  });

  test.each(["abc", "-1", "70000", "80.5"])("rejects PORT=%s with a clear message", (port) => {
    expect(() => readEnvConfig({ PORT: port }, "/")).toThrow(/PORT must be an integer/);
  });

  test("TRUST_PROXY is off by default", () => {
    expect(readEnvConfig({}, "/").trustProxy).toBe(false);
    expect(readEnvConfig({ TRUST_PROXY: "0" }, "/").trustProxy).toBe(false);
  });

  test.each([
    ["true", true],
    ["2", 2],
    ["127.0.0.1", "127.0.0.1"],
    ["10.0.0.0/8, ::1, loopback", "10.0.0.0/8,::1,loopback"],
    ["fd00::/8", "fd00::/8"],
  ])("reads TRUST_PROXY=%s", (value, expected) => {
    expect(readEnvConfig({ TRUST_PROXY: value }, "/").trustProxy).toEqual(expected);
  });

  test.each(["yes", "10.0.0.0/33", "10.0.0.1/8/8", "proxy.example.com", "10.0.0.1,"])(
    "rejects TRUST_PROXY=%s with a clear message",
    (value) => {
      expect(() => readEnvConfig({ TRUST_PROXY: value }, "/")).toThrow(/TRUST_PROXY must be/);
    },
  );
});
