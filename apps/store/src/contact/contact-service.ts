/**
 * @module The contact form's work: hands out signed form tokens, and takes a message through
 * the spam checks, cheapest first, counting the client's attempt before anything else: hidden
 * field, token, time on the page, proof of work, fields, single use. Only then is the message
 * stored and mailed.
 *
 * Proof of work cannot be stockpiled: every token the page's script gets asks for work (more
 * while the form is busy, and a token asking less than the form asks now is refused, so one
 * fetched while quiet does not pass a flood cheaply), each answer is bound to its token, and a
 * token lives 30 minutes and is used once. A token without work (the page without JavaScript)
 * is bound to the address it was given to. Limits never silence a visitor who did the work:
 * each address (IPv6: its /64) has its own share; what everyone sends together only raises the
 * work and, past `maxGlobal`, stops the owner's mail per message (docs/security.md).
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
import { clientBinding, readFormToken, signFormToken, workDone } from "./form-token.ts";

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

/** What a form carries to show a person sent it. */
export type FormProof = { token: string; work: string };

/** The contact form's bot defence, as another form uses it (`guard` below). */
export type FormGuard = {
  issue(client: string): string;
  /** @throws ApiError CONTACT_FORM_INVALID, CONTACT_TOO_FAST, CONTACT_WORK_REQUIRED */
  check(form: FormProof, client: string): string;
  /** @throws ApiError CONTACT_ALREADY_SENT */
  spend(nonce: string): void;
};

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
  // One notice a window that more messages came than were mailed.
  const overflowNotices = counter("contact-overflow", 1);
  const usedTokens = counter("contact-token", 1, config.maxAgeMs);

  /** Near this address's share (the page without JavaScript then says to try again shortly). */
  function limitsNear(client: string): boolean {
    return perAddress.used(client) * 2 >= config.maxPerAddress;
  }

  /** The work a token from the page's script asks now: more once half the global count is used. */
  function workBitsNow(): number {
    const busy = global.used(GLOBAL_KEY) * 2 >= config.maxGlobal;
    return config.workBits + (busy ? config.busyExtraBits : 0);
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

  /** Past the window's mails: one notice that more messages are waiting under Messages. */
  async function mailOverflow() {
    const to = ownerNoticeAddress(identity);
    if (to === null) return;
    const origin = configuredOrigin(identity);
    const where = origin === null ? "your editor (/admin)" : `your editor: ${origin}/admin`;
    try {
      await identity.mailer.send({
        to,
        subject: "More messages through your contact form",
        text: `More than ${config.maxGlobal} messages came through your page's contact form within the hour. Each is kept; the rest of this hour's are not mailed one by one. Read them under Messages in ${where}.\n`,
      });
    } catch (error) {
      identity.logError(error, "contact overflow mail failed");
    }
  }

  /**
   * The form's proof that a person sent it: a token the store signed, not too old, for this
   * client (a workless one), not too soon, with the work it asks done. @returns its nonce.
   */
  function checkForm(form: FormProof, client: string): string {
    const token = readFormToken(identity.key, form.token);
    const age = token === null ? -1 : identity.now() - token.issuedAt;
    if (token === null || age > config.maxAgeMs || age < -60_000) {
      throw new ApiError("CONTACT_FORM_INVALID");
    }
    if (token.client !== "" && token.client !== clientBinding(identity.key, client)) {
      throw new ApiError("CONTACT_FORM_INVALID");
    }
    if (age < config.minMs) throw new ApiError("CONTACT_TOO_FAST");
    const asked = token.client === "" ? Math.max(token.workBits, workBitsNow()) : 0;
    if (token.workBits < asked || !workDone(form.token, form.work, asked)) {
      throw new ApiError("CONTACT_WORK_REQUIRED");
    }
    return token.nonce;
  }

  /** Uses the token up: a form is taken once. */
  function spend(nonce: string): void {
    if (usedTokens.take(nonce) > 0) throw new ApiError("CONTACT_ALREADY_SENT");
  }

  return {
    limitsNear,

    /**
     * The form's bot defence alone, for the site's other forms (the booking page, handed it by
     * main/app.ts): a workless token bound to the client for a page the store renders per
     * request, the checks of `submit` (hidden field aside), and the single use.
     */
    guard: {
      issue: (client: string): string =>
        signFormToken(identity.key, identity.now(), 0, clientBinding(identity.key, client)),
      check: checkForm,
      spend,
    } satisfies FormGuard,

    /**
     * A new form token: for the page's script, asking the work of the moment; for the page
     * without JavaScript (`puzzle` false), which cannot solve one, asking none and bound to the
     * client it was given to.
     */
    issueToken(client: string, puzzle = true): { token: string; workBits: number } {
      const now = identity.now();
      if (!puzzle) {
        return {
          token: signFormToken(identity.key, now, 0, clientBinding(identity.key, client)),
          workBits: 0,
        };
      }
      const workBits = workBitsNow();
      return { token: signFormToken(identity.key, now, workBits), workBits };
    },

    /**
     * Takes one message. A filled hidden field answers as a success and stores nothing.
     * @throws ApiError CONTACT_THROTTLED (this address's share), CONTACT_FORM_INVALID,
     * CONTACT_TOO_FAST, CONTACT_WORK_REQUIRED, VALIDATION_FAILED, CONTACT_ALREADY_SENT
     */
    async submit(input: ContactInput, client: string): Promise<Submission> {
      const wait = perAddress.take(client);
      if (wait > 0) throw throttled(wait);
      if (input.honeypot !== "") return { stored: false };
      const nonce = checkForm(input, client);
      const fields = checkFields(input);
      spend(nonce);
      const id = randomUUID();
      messages.add({ id, ...fields, createdAt: identity.now() });
      if (global.take(GLOBAL_KEY) === 0) await mailOwner(id, fields);
      else if (overflowNotices.take(GLOBAL_KEY) === 0) await mailOverflow();
      return { stored: true };
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
