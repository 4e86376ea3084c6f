/**
 * What the captcha client takes from a request and sends to the provider: an empty token is no
 * token (the provider is not asked), a real token beside an empty spelling is the one sent, a
 * huge token is cut before it leaves, the form as a siteverify endpoint expects it, and no
 * client without a verify URL.
 */
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, expect, test } from "vitest";
import { ApiError } from "../platform/errors.ts";
import { checkCaptcha, readCaptchaVerifier } from "./captcha.ts";

type Received = { form: Record<string, string>; headers: IncomingHttpHeaders };

let close: () => Promise<void> = async () => {};
afterEach(() => close());

/** A siteverify endpoint that confirms every token; what it received. */
async function confirmingProvider(secret?: string) {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      received.push({
        form: Object.fromEntries(new URLSearchParams(body)),
        headers: request.headers,
      });
      response.writeHead(200, { "content-type": "application/json" });
      response.end('{"success":true}');
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
    ...(secret === undefined ? {} : { CAPTCHA_SECRET: secret }),
  };
  return { received, verifier: readCaptchaVerifier(env, { timeoutMs: 2_000 }) };
}

async function codeOfCheck(promise: Promise<void>): Promise<string | null> {
  try {
    await promise;
    return null;
  } catch (error) {
    if (error instanceof ApiError) return error.code;
    throw error;
  }
}

test("an empty token is no token: missing, and the provider is not asked", async () => {
  const { received, verifier } = await confirmingProvider("s3cret");
  for (const tokens of [{ Recaptcha: "" }, [{ recaptchaToken: "" }], { NoCaptcha: "" }]) {
    expect(await codeOfCheck(checkCaptcha(verifier, tokens))).toBe("CAPTCHA_MISSING");
  }
  expect(received).toEqual([]);
});

test("a real token beside an empty spelling is the one sent to the provider", async () => {
  const { received, verifier } = await confirmingProvider("s3cret");
  const tokens = { Recaptcha: "", recaptchaToken: "token-from-the-browser" };
  expect(await codeOfCheck(checkCaptcha(verifier, tokens))).toBeNull();
  expect(received.map(({ form }) => form.response)).toEqual(["token-from-the-browser"]);
});

test("a huge token is cut to 4096 characters before it is sent", async () => {
  const { received, verifier } = await confirmingProvider("s3cret");
  const huge = "t".repeat(10_000);
  expect(await codeOfCheck(checkCaptcha(verifier, { recaptchaToken: huge }))).toBeNull();
  expect(received.map(({ form }) => form.response)).toEqual([huge.slice(0, 4096)]);
});

test("the token goes as a plain form, with an empty secret when none is set", async () => {
  const { received, verifier } = await confirmingProvider();
  expect(await codeOfCheck(checkCaptcha(verifier, { recaptchaToken: "t" }))).toBeNull();
  expect(received.map(({ form }) => form)).toEqual([{ secret: "", response: "t" }]);
  expect(received[0]?.headers["content-type"]).toBe("application/x-www-form-urlencoded");
});

test("without CAPTCHA_VERIFY_URL at all there is no client", () => {
  expect(readCaptchaVerifier({})).toBeUndefined();
  expect(readCaptchaVerifier({ CAPTCHA_SECRET: "s3cret" })).toBeUndefined();
});
