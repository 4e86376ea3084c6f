import { createHmac } from "node:crypto";
import { SignJWT } from "jose";
import { describe, expect, test } from "vitest";
import { createHs256Verifier, Hs256Error } from "./verify-hs256.ts";

const KEY = new Uint8Array(32).fill(3);
const NOW = 1_750_000_000;

function sign(claims: Record<string, unknown>, key = KEY): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: "HS256", typ: "JWT" }).sign(key);
}

/** Signs an arbitrary header and payload, for shapes jose refuses to produce. */
function signRaw(header: unknown, payload: unknown): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const input = `${encode(header)}.${encode(payload)}`;
  return `${input}.${createHmac("sha256", KEY).update(input).digest("base64url")}`;
}

function reasonOf(run: () => unknown): string | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    return error instanceof Hs256Error ? error.reason : "other";
  }
}

const verify = createHs256Verifier(KEY, 1);

describe("createHs256Verifier", () => {
  test("returns the claims of a token jose signed with the key", async () => {
    const token = await sign({ sub: "v1", exp: NOW + 60, iat: NOW });
    expect(verify(token, NOW)).toMatchObject({ sub: "v1", exp: NOW + 60 });
  });

  test("accepts a token through the second of its exp, then reports it expired", async () => {
    const token = await sign({ exp: NOW });
    expect(verify(token, NOW).exp).toBe(NOW);
    expect(reasonOf(() => verify(token, NOW + 1))).toBe("expired");
  });

  test("refuses a token signed with another key", async () => {
    const token = await sign({ exp: NOW + 60 }, new Uint8Array(32).fill(4));
    expect(reasonOf(() => verify(token, NOW))).toBe("invalid");
  });

  test("refuses an expired token signed with another key as invalid, not expired", async () => {
    const token = await sign({ exp: NOW - 100 }, new Uint8Array(32).fill(4));
    expect(reasonOf(() => verify(token, NOW))).toBe("invalid");
  });

  test("refuses an edited payload", async () => {
    const [header, , signature] = (await sign({ exp: NOW + 60, sub: "a" })).split(".");
    const payload = Buffer.from(JSON.stringify({ exp: NOW + 60, sub: "b" })).toString("base64url");
    expect(reasonOf(() => verify(`${header}.${payload}.${signature}`, NOW))).toBe("invalid");
  });

  test("refuses another algorithm in the header even with a valid MAC", () => {
    expect(reasonOf(() => verify(signRaw({ alg: "none" }, { exp: NOW + 60 }), NOW))).toBe(
      "invalid",
    );
  });

  test("refuses critical header parameters", () => {
    const token = signRaw({ alg: "HS256", crit: ["b64"], b64: false }, { exp: NOW + 60 });
    expect(reasonOf(() => verify(token, NOW))).toBe("invalid");
  });

  test("refuses a token without a numeric exp", () => {
    expect(reasonOf(() => verify(signRaw({ alg: "HS256" }, { sub: "x" }), NOW))).toBe("invalid");
    expect(reasonOf(() => verify(signRaw({ alg: "HS256" }, { exp: "soon" }), NOW))).toBe("invalid");
  });

  test("refuses a token that is not valid yet", () => {
    const token = signRaw({ alg: "HS256" }, { exp: NOW + 600, nbf: NOW + 60 });
    expect(reasonOf(() => verify(token, NOW))).toBe("invalid");
    expect(verify(token, NOW + 60).nbf).toBe(NOW + 60);
  });

  test("accepts a token whose nbf is exactly now plus the tolerance", () => {
    const token = signRaw({ alg: "HS256" }, { exp: NOW + 600, nbf: NOW + 60 });
    expect(verify(token, NOW + 59).nbf).toBe(NOW + 60);
  });

  test("refuses a signed token whose iat is not a number", () => {
    const token = signRaw({ alg: "HS256" }, { exp: NOW + 600, iat: "yesterday" });
    expect(reasonOf(() => verify(token, NOW))).toBe("invalid");
  });

  test("refuses a valid token with a stray character after its signature (no second spelling)", () => {
    const token = signRaw({ alg: "HS256" }, { exp: NOW + 600 });
    expect(verify(token, NOW).exp).toBe(NOW + 600);
    expect(reasonOf(() => verify(`${token}=`, NOW))).toBe("invalid");
    expect(reasonOf(() => verify(`${token}!`, NOW))).toBe("invalid");
  });

  test("its errors say which refusal it was", () => {
    expect(new Hs256Error("expired")).toMatchObject({
      name: "Hs256Error",
      message: "token expired",
      reason: "expired",
    });
    expect(new Hs256Error("invalid")).toMatchObject({
      message: "token invalid",
      reason: "invalid",
    });
  });

  test("refuses a payload that is not a JSON object", () => {
    for (const payload of [[1, 2], null, 7, "exp"]) {
      expect(reasonOf(() => verify(signRaw({ alg: "HS256" }, payload), NOW))).toBe("invalid");
    }
  });

  test("refuses a signed token whose nbf is not a number, rather than ignoring it", () => {
    const token = signRaw({ alg: "HS256" }, { exp: NOW + 600, nbf: "tomorrow" });
    expect(reasonOf(() => verify(token, NOW))).toBe("invalid");
  });

  test.each([
    ["no dots", "abc"],
    ["two segments", "a.b"],
    ["four segments", "a.b.c.d"],
    ["an empty header", ".b.c"],
    ["non-base64url characters", "a+.b.c"],
  ])("refuses a malformed token: %s", (_name, token) => {
    expect(reasonOf(() => verify(token, NOW))).toBe("invalid");
  });
});
