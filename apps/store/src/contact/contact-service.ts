/**
 * @module The contact form's work: hands out signed form tokens (asking a proof of work while
 * the limits are near), and takes a message through the spam checks, cheapest first, counting
 * the client's attempt before anything else: hidden field, token, time on the page, proof of
 * work, fields, the global limit, single use. Only then is the message stored and mailed.
 */
import { randomUUID } from "node:crypto";
import type { IdentityContext } from "../identity/index.ts";
import { normaliseEmail, ownerNoticeAddress } from "../identity/index.ts";
import type { Db } from "../platform/db/sql-db.ts";
import { ApiError, type FieldViolation, validationError, violation } from "../platform/errors.ts";
import { configuredOrigin } from "../platform/http/request-origin.ts";
import { createAttemptCounter } from "../platform/limits/attempt-counter.ts";
import type { ContactConfig } from "./contact-config.ts";
import type { ContactStore } from "./contact-store.ts";
import { readFormToken, signFormToken, workDone } from "./form-token.ts";

/** The hidden field people never see; a bot filling every input fills it. */
export const HONEYPOT_FIELD = "website";
const GLOBAL_KEY = "all";
const MAX_NAME = 200;
const MAX_MESSAGE = 5_000;

export type ContactInput = {
  name: string;
  email: string;
  message: string;
  token: string;
  work: string;
  honeypot: string;
};

export type Submission = { stored: boolean };

export type ContactDeps = {
  db: Db;
  messages: ContactStore;
  identity: IdentityContext;
  config: ContactConfig;
};

function throttled(wait: number): ApiError {
  return new ApiError("CONTACT_THROTTLED", [wait], { data: { retryAfterSeconds: wait } });
}

function checkFields(input: ContactInput): { name: string; email: string; message: string } {
  const name = input.name.trim();
  const message = input.message.trim();
  const email = normaliseEmail(input.email);
  const violations: FieldViolation[] = [];
  if (name === "")
    violations.push(violation("name", "Please tell me your name.", "REQUIRED_FIELD"));
  else if (name.length > MAX_NAME)
    violations.push(violation("name", `Your name can be at most ${MAX_NAME} characters.`, "MAX"));
  if (email === null)
    violations.push(
      violation("email", "Please give an e-mail address I can answer, like name@example.com."),
    );
  if (message === "")
    violations.push(violation("message", "Please write your message.", "REQUIRED_FIELD"));
  else if (message.length > MAX_MESSAGE)
    violations.push(
      violation("message", `Your message can be at most ${MAX_MESSAGE} characters.`, "MAX"),
    );
  if (violations.length > 0 || email === null) throw validationError(violations);
  return { name, email, message };
}

/** One line: no control characters (the name goes into a mail subject). */
function oneLine(text: string): string {
  return text.replace(/[\p{Cc}\u2028\u2029]+/gu, " ").trim();
}

export function createContactService({ db, messages, identity, config }: ContactDeps) {
  const counter = (scope: string, max: number, windowMs = config.windowMs) =>
    createAttemptCounter(db, { scope, max, windowMs, now: identity.now });
  const perAddress = counter("contact-address", config.maxPerAddress);
  const global = counter("contact-global", config.maxGlobal);
  const usedTokens = counter("contact-token", 1, config.maxAgeMs);

  function limitsNear(client: string): boolean {
    return (
      perAddress.used(client) * 2 >= config.maxPerAddress ||
      global.used(GLOBAL_KEY) * 2 >= config.maxGlobal
    );
  }

  async function mailOwner(id: string, fields: { name: string; email: string; message: string }) {
    const to = ownerNoticeAddress(identity);
    if (to === null) return;
    const publicUrl = configuredOrigin(identity);
    const where =
      publicUrl === null
        ? "Read it, and mark it read or archived, under Messages in your editor (/admin)."
        : `Read it, and mark it read or archived, under Messages in your editor: ${publicUrl}/admin`;
    try {
      await identity.mailer.send({
        to,
        subject: `New message from ${oneLine(fields.name)}`,
        text: `${fields.name} <${fields.email}> wrote through your page's contact form:\n\n${fields.message}\n\n${where}\nMessage ${id}.\n`,
      });
    } catch (error) {
      identity.logError(error, "contact message mail failed");
    }
  }

  return {
    limitsNear,

    /**
     * A new form token; asks a proof of work while the limits are near, unless `puzzle` is false
     * (the page without JavaScript, which cannot solve one, is told to try later instead).
     */
    issueToken(client: string, puzzle = true): { token: string; workBits: number } {
      const workBits = puzzle && limitsNear(client) ? config.workBits : 0;
      return { token: signFormToken(identity.key, identity.now(), workBits), workBits };
    },

    /**
     * Takes one message. A filled hidden field answers as a success and stores nothing.
     * @throws ApiError CONTACT_THROTTLED, CONTACT_FORM_INVALID, CONTACT_TOO_FAST,
     * CONTACT_WORK_REQUIRED, VALIDATION_FAILED, CONTACT_ALREADY_SENT
     */
    async submit(input: ContactInput, client: string): Promise<Submission> {
      const wait = perAddress.take(client);
      if (wait > 0) throw throttled(wait);
      if (input.honeypot !== "") return { stored: false };
      const token = readFormToken(identity.key, input.token);
      const age = token === null ? -1 : identity.now() - token.issuedAt;
      if (token === null || age > config.maxAgeMs || age < -60_000) {
        throw new ApiError("CONTACT_FORM_INVALID");
      }
      if (age < config.minMs) throw new ApiError("CONTACT_TOO_FAST");
      if (!workDone(input.token, input.work, token.workBits)) {
        throw new ApiError("CONTACT_WORK_REQUIRED");
      }
      const fields = checkFields(input);
      const globalWait = global.take(GLOBAL_KEY);
      if (globalWait > 0) throw throttled(globalWait);
      if (usedTokens.take(token.nonce) > 0) throw new ApiError("CONTACT_ALREADY_SENT");
      const id = randomUUID();
      messages.add({ id, ...fields, createdAt: identity.now() });
      await mailOwner(id, fields);
      return { stored: true };
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
