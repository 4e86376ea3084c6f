/**
 * The real captcha verification client against a local siteverify server: only a clear
 * `{"success": true}` admits a token; a refusal, an error status, a malformed answer or a server
 * that never answers all refuse it (CAPTCHA_INVALID), so a broken provider cannot open the gate.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, test } from "vitest";
import { ApiError } from "../platform/errors.ts";
import { checkCaptcha, readCaptchaVerifier } from "./captcha.ts";

type Handler = (form: URLSearchParams, response: ServerResponse) => void;

let close: () => Promise<void> = async () => {};
afterEach(() => close());

/** A siteverify endpoint answering with `handler`; the forms it received. */
async function verifyServer(handler: Handler) {
  const received: URLSearchParams[] = [];
  const server = createServer((request: IncomingMessage, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      const form = new URLSearchParams(body);
      received.push(form);
      handler(form, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  const { port } = server.address() as AddressInfo;
  const env = {
    CAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/siteverify`,
    CAPTCHA_SECRET: "s3cret",
  };
  return { received, verifier: readCaptchaVerifier(env, { timeoutMs: 300 }) };
}

const json =
  (status: number, text: string) => (_form: URLSearchParams, response: ServerResponse) => {
    response.writeHead(status, { "content-type": "application/json" });
    response.end(text);
  };

async function codeOfCheck(promise: Promise<void>): Promise<string | null> {
  try {
    await promise;
    return null;
  } catch (error) {
    if (error instanceof ApiError) return error.code;
    throw error;
  }
}

const TOKENS = { recaptchaToken: "token-from-the-browser" };

describe("the captcha verification client", () => {
  test("a token the provider confirms passes, sent with the secret as a form", async () => {
    const { received, verifier } = await verifyServer(json(200, '{"success":true}'));
    expect(await codeOfCheck(checkCaptcha(verifier, TOKENS))).toBeNull();
    expect(received.map((form) => Object.fromEntries(form))).toEqual([
      { secret: "s3cret", response: "token-from-the-browser" },
    ]);
  });

  test.each([
    ["a refusal", json(200, '{"success":false,"error-codes":["invalid-input-response"]}')],
    ["success as a string", json(200, '{"success":"true"}')],
    ["a malformed answer", json(200, "<html>not json")],
    ["an empty answer", json(200, "")],
    ["an error status saying success", json(500, '{"success":true}')],
  ])("%s refuses the token", async (_name, handler) => {
    const { verifier } = await verifyServer(handler);
    expect(await codeOfCheck(checkCaptcha(verifier, TOKENS))).toBe("CAPTCHA_INVALID");
  });

  test("a provider that never answers refuses the token once the timeout passes", async () => {
    const { verifier } = await verifyServer(() => {});
    expect(await codeOfCheck(checkCaptcha(verifier, TOKENS))).toBe("CAPTCHA_INVALID");
  });

  test("without a token nothing is asked of the provider", async () => {
    const { received, verifier } = await verifyServer(json(200, '{"success":true}'));
    expect(await codeOfCheck(checkCaptcha(verifier, {}))).toBe("CAPTCHA_MISSING");
    expect(received).toEqual([]);
  });

  test("without a verify URL there is no client", () => {
    expect(readCaptchaVerifier({ CAPTCHA_VERIFY_URL: " " })).toBeUndefined();
  });
});
