/**
 * @module The contact form's routes. `GET /contact/token` gives the page's script a signed form
 * token (with the proof of work it asks, if any). `POST /contact` takes a message: as JSON from
 * the script (protocol error bodies, one violation per field), or form-encoded from the page
 * without JavaScript, answered with pages: the first post (no token yet) shows the form again
 * with a token, to send; the second stores it and thanks. Without JavaScript no puzzle is ever
 * asked: while the limits are near, the page says to try again shortly. The pages carry the
 * owner's words and the site's frame.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { fieldOf, sendPage as sendHtml } from "../identity/index.ts";
import { ApiError } from "../platform/errors.ts";
import { clientKey } from "../platform/limits/client-key.ts";
import type { FormErrors } from "../platform/pages/html.ts";
import { type SiteBrand, withSiteFrame } from "../platform/pages/site-frame.ts";
import {
  alreadySentPage,
  type ContactFields,
  sendPage as sendForm,
  thanksPage,
  tryLaterPage,
} from "./contact-pages.ts";
import { type ContactInput, type ContactService, HONEYPOT_FIELD } from "./contact-service.ts";
import type { ContactWords } from "./contact-words.ts";

function inputOf(body: unknown): ContactInput {
  return {
    name: fieldOf(body, "name"),
    email: fieldOf(body, "email"),
    message: fieldOf(body, "message"),
    token: fieldOf(body, "token"),
    work: fieldOf(body, "work"),
    honeypot: fieldOf(body, HONEYPOT_FIELD),
  };
}

function isForm(request: FastifyRequest): boolean {
  return (request.headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded");
}

function fieldErrors(error: ApiError, words: ContactWords): FormErrors {
  const errors: FormErrors = {};
  for (const violation of error.violations) errors[violation.field] = violation.description;
  return { ...errors, form: words.FormFix };
}

export type ContactRoutesOptions = {
  contact: ContactService;
  words: () => ContactWords;
  brand: () => SiteBrand;
  /** Told of each message accepted, with its request (the analytics' conversion port). */
  onAccepted?: (request: FastifyRequest) => void;
};

export function contactRoutes(
  app: FastifyInstance,
  { contact, words, brand, onAccepted = () => {} }: ContactRoutesOptions,
) {
  const noStore = (reply: FastifyReply) => reply.header("cache-control", "no-store");
  const sendPage = (reply: FastifyReply, markup: string, status = 200) =>
    sendHtml(reply, withSiteFrame(markup, brand(), "visitors"), status);
  const tryLater = (reply: FastifyReply, seconds: number) =>
    sendPage(reply.header("retry-after", String(seconds)), tryLaterPage(words()), 429);

  app.get("/contact/token", async (request, reply) => {
    noStore(reply);
    return contact.issueToken(clientKey(request.ip));
  });

  app.post("/contact", async (request, reply) => {
    noStore(reply);
    const input = inputOf(request.body);
    const client = clientKey(request.ip);
    if (!isForm(request)) {
      await contact.submit(input, client);
      onAccepted(request);
      return { sent: true };
    }
    const fields: ContactFields = { name: input.name, email: input.email, message: input.message };
    const freshToken = () => contact.issueToken(client, false).token;
    const said = words();
    if (input.token === "" && input.honeypot === "") {
      if (contact.limitsNear(client)) return tryLater(reply, 60);
      return sendPage(reply, sendForm(said, fields, freshToken()));
    }
    try {
      await contact.submit(input, client);
      onAccepted(request);
      return sendPage(reply, thanksPage(said));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      switch (error.code) {
        case "CONTACT_THROTTLED":
          return tryLater(reply, Number(error.data.retryAfterSeconds) || 60);
        case "CONTACT_ALREADY_SENT":
          return sendPage(reply, alreadySentPage(said), 409);
        case "VALIDATION_FAILED":
          return sendPage(
            reply,
            sendForm(said, fields, input.token, fieldErrors(error, said)),
            400,
          );
        case "CONTACT_TOO_FAST":
          return sendPage(
            reply,
            sendForm(said, fields, input.token, { form: said.FormCheck }),
            400,
          );
        default:
          return sendPage(
            reply,
            sendForm(said, fields, freshToken(), { form: said.FormFailed }),
            400,
          );
      }
    }
  });
}
