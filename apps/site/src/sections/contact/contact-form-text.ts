/**
 * The contact form's own labels and messages, in one place (the page's other texts come from the
 * store; these move there with the words the owner edits).
 */
export const CONTACT_FORM_TEXT = {
  heading: "Or write to me here",
  name: "Your name",
  email: "Your e-mail",
  message: "Your message",
  honeypot: "Leave this field empty",
  send: "Send message",
  sending: "Sending…",
  thanksHeading: "Thank you",
  thanks: "Your message is on its way. I will answer by e-mail soon.",
  failed:
    "Your message could not be sent just now. Please try again in a minute, or write by e-mail.",
  fix: "Please correct the fields marked below.",
} as const;
