/**
 * @module The editor's Messages view: what visitors sent through the contact form,
 * newest first, each new, read or archived. The owner's session only (CSRF on changes):
 * collaborators edit content, not the owner's mail.
 */
import {
  type ContactMessageChanged,
  type ContactMessages,
  MESSAGE_STATUSES,
  type MessageStatus,
} from "@consultant/site-content/wire";
import type { FastifyInstance } from "fastify";
import type { ContactStore } from "../../contact/index.ts";
import { requireOwnerRole } from "../../identity/index.ts";
import { ApiError, validationError, violation } from "../../platform/errors.ts";
import { bodyObject } from "../../platform/http/body-object.ts";

type MessageParams = { Params: { messageId: string } };

function readStatus(body: Record<string, unknown>): MessageStatus {
  const status = body.status;
  if (typeof status !== "string" || !(MESSAGE_STATUSES as readonly string[]).includes(status)) {
    throw validationError([
      violation("status", `must be one of ${MESSAGE_STATUSES.join(", ")}`, "INVALID_ENUM_VALUE"),
    ]);
  }
  return status as MessageStatus;
}

export function registerContactMessageRoutes(app: FastifyInstance, messages: ContactStore): void {
  const guarded = { preHandler: requireOwnerRole };

  app.get(
    "/api/contact-messages",
    guarded,
    async (): Promise<ContactMessages> => ({ messages: messages.list() }),
  );

  app.post<MessageParams>(
    "/api/contact-messages/:messageId/status",
    guarded,
    async (request): Promise<ContactMessageChanged> => {
      const status = readStatus(bodyObject(request));
      const message = messages.setStatus(request.params.messageId, status);
      if (message === null)
        throw new ApiError("CONTACT_MESSAGE_NOT_FOUND", [request.params.messageId]);
      return { message };
    },
  );
}
