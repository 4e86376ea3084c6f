/**
 * @module The contact form's messages as the owner's routes under `/admin/api`
 * answer them to the editor's Messages view, and the statuses the editor sets.
 */

export const MESSAGE_STATUSES = ["new", "read", "archived"] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** A message a visitor sent through the page's contact form. */
export type ContactMessage = {
  id: string;
  name: string;
  email: string;
  message: string;
  status: MessageStatus;
  /** Milliseconds since the epoch. */
  createdAt: number;
};

/** `GET /admin/api/contact-messages`: the newest first. */
export type ContactMessages = { messages: ContactMessage[] };

/** `POST /admin/api/contact-messages/:id/status`: the message with its new status. */
export type ContactMessageChanged = { message: ContactMessage };
