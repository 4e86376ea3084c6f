/**
 * @module The error catalogue: every application error code the store emits, with its HTTP status
 * and message template (errors.ts throws and renders them). The codes are documented in
 * ../ERRORS.md.
 */

export type CatalogueEntry = {
  readonly status: number;
  readonly message: string;
  /** The code clients see when it differs from the name (the Wix platform's `WDE…` codes). */
  readonly wireCode?: string;
};

/** Name -> status, message template (`%s` placeholders are filled in order) and wire code. */
export const ERROR_CATALOGUE = {
  VALIDATION_FAILED: { status: 400, message: "invalid request" },
  UNAUTHENTICATED: {
    status: 401,
    message: "Missing access token or API key in the Authorization header",
  },
  TOKEN_INVALID: { status: 401, message: "Access token or API key is invalid" },
  TOKEN_EXPIRED: { status: 401, message: "Access token has expired" },
  INVALID_CLIENT: { status: 401, message: "Unknown OAuth client id [%s]" },
  INVALID_GRANT: { status: 400, message: "Refresh token is invalid or expired" },
  UNSUPPORTED_GRANT_TYPE: { status: 400, message: "Unsupported grant type [%s]" },
  ROUTE_NOT_FOUND: { status: 404, message: "Route %s %s not found" },
  COLLECTION_NOT_FOUND: {
    status: 404,
    wireCode: "WDE0025",
    message: "Collection [%s] does not exist",
  },
  COLLECTION_ALREADY_EXISTS: {
    status: 409,
    message: "Collection [%s] already exists",
  },
  COLLECTION_REVISION_MISMATCH: {
    status: 409,
    message: "Collection [%s] is at revision %s, not %s: read it again, then update",
  },
  COLLECTION_PROTECTED: {
    status: 403,
    message: "Collection [%s] is one of the site's own collections: it cannot be %s over the API",
  },
  PERMISSION_DENIED: {
    status: 403,
    wireCode: "WDE0027",
    message: "The current user does not have permissions to %s on the [%s] collection.",
  },
  ITEM_NOT_FOUND: {
    status: 404,
    wireCode: "WDE0073",
    message: "Item [%s] does not exist in collection [%s].",
  },
  ITEM_ALREADY_EXISTS: {
    status: 409,
    wireCode: "WDE0074",
    message: "Item [%s] already exists in collection [%s].",
  },
  ITEM_CONDITION_FAILED: {
    status: 409,
    wireCode: "WDE0080",
    message: "Item [%s] in collection [%s] does not match the write condition.",
  },
  PAYLOAD_TOO_LARGE: {
    status: 413,
    wireCode: "WDE0109",
    message: "Payload is too large.",
  },
  ITEM_TOO_LARGE: {
    status: 413,
    message: "Item [%s] is %s bytes; an item may be at most %s bytes (500 KB).",
  },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: "Unsupported Content-Type [%s]" },
  SITE_RENDER_FAILED: { status: 500, message: "The page could not be rendered" },
  INTERNAL_ERROR: { status: 500, message: "System error occurred, request-id: %s" },
  // The owner's editor (`/admin`).
  OWNER_WRONG_PASSWORD: { status: 401, message: "Wrong password" },
  OWNER_SIGN_IN_LIMITED: {
    status: 429,
    message: "Too many failed sign-ins. Try again in %s minutes.",
  },
  SIGN_IN_BUSY: {
    status: 429,
    message: "Too many sign-ins are being checked at once. Try again in a moment.",
  },
  OWNER_SIGN_IN_REQUIRED: { status: 401, message: "Sign in to continue" },
  OWNER_CSRF_INVALID: { status: 403, message: "Missing or invalid CSRF token" },
  OWNER_SIGN_IN_CROSS_SITE: {
    status: 403,
    message: "This sign-in did not come from the editor's page. Open /admin and sign in there.",
  },
  OWNER_SETUP_LINK_INVALID: {
    status: 400,
    message: "This setup link is invalid, expired or already used",
  },
  OWNER_PASSWORD_ALREADY_SET: { status: 409, message: "The owner password is already set" },
  OWNER_VERSION_CONFLICT: { status: 409, message: "Item [%s] changed since it was loaded" },
  OWNER_VERSION_NOT_FOUND: { status: 404, message: "Version [%s] of item [%s] does not exist" },
  OWNER_ROLE_REQUIRED: {
    status: 403,
    message: "Only the site's owner may do this; collaborators edit content only",
  },
  REVIEW_REQUIRED: {
    status: 403,
    message:
      "The owner reviews collaborators' changes: save them as a draft and send it for review",
  },
  REVIEW_NOT_FOUND: { status: 404, message: "No changes to [%s] wait for review" },
  REVIEW_NOTHING_TO_SEND: { status: 409, message: "There is no draft of [%s] to send for review" },
  OWNER_EMAIL_TAKEN: { status: 409, message: "This e-mail address is already in use" },
  OWNER_EMAIL_REQUIRED: {
    status: 409,
    message: "Give your e-mail address first (Account): every notice goes to it",
  },
  MAIL_NOT_SENT: { status: 502, message: "The mail could not be sent: %s" },
  INVITE_LINK_INVALID: {
    status: 400,
    message: "This invitation is invalid, expired, withdrawn or already used",
  },
  INVITE_NOT_FOUND: { status: 404, message: "Invitation [%s] does not exist" },
  INVITE_EMAIL_TAKEN: { status: 409, message: "Someone with this e-mail address is already here" },
  OWNER_RESET_LINK_INVALID: {
    status: 400,
    message: "This reset link is invalid, expired or already used",
  },
  OWNER_EDITOR_NOT_BUILT: {
    status: 404,
    message: "The editor is not built. Run `npm run build` first.",
  },
  // Pictures: uploads in the editor, files under /media/.
  PICTURE_TOO_LARGE: {
    status: 413,
    message: "A picture may be at most 8 MB and 40 megapixels. Upload a smaller file.",
  },
  PICTURE_UNREADABLE: {
    status: 415,
    message: "This file is not a picture that can be read. Upload a PNG, JPEG, WebP or SVG file.",
  },
  PICTURE_TYPE_UNSUPPORTED: {
    status: 415,
    message: "Pictures in the %s format are not accepted. Upload a PNG, JPEG, WebP or SVG file.",
  },
  PICTURE_BUSY: {
    status: 429,
    message: "Other pictures are being processed. Try again in a few seconds.",
  },
  PICTURE_NOT_FOUND: { status: 404, message: "Picture [%s] does not exist" },
  MEDIA_NOT_FOUND: { status: 404, message: "File [%s] does not exist" },
  // Members. The wire codes are the platform's: the official SDK maps them
  // (docs/protocol.md §8.2), so they must stay exactly these strings.
  CAPTCHA_MISSING: { status: 400, wireCode: "-19971", message: "Missing captcha token" },
  CAPTCHA_INVALID: { status: 400, wireCode: "-19970", message: "Invalid captcha token" },
  EMAIL_ALREADY_EXISTS: {
    status: 409,
    wireCode: "-19995",
    message: "A member with this e-mail already exists",
  },
  WRONG_EMAIL_OR_PASSWORD: { status: 400, wireCode: "-19976", message: "Wrong e-mail or password" },
  PASSWORD_RESET_REQUIRED: {
    status: 400,
    wireCode: "-19973",
    message: "This account has no password yet: reset it to sign in",
  },
  IDENTITY_THROTTLED: { status: 429, message: "Too many attempts. Try again in %s seconds." },
  IDENTITY_RESEND_TOO_SOON: {
    status: 429,
    message: "A mail was just sent. Wait %s seconds before asking for another.",
  },
  PUBLIC_URL_REQUIRED: {
    status: 503,
    message: "The store sends no member mail or link until PUBLIC_URL is set",
  },
  MEMBER_FORM_EXPIRED: {
    status: 403,
    message: "This form has expired or did not come from this site. Try again.",
  },
  IDENTITY_STATE_TOKEN_INVALID: {
    status: 400,
    message: "This step is invalid, expired or already done. Start again.",
  },
  IDENTITY_CODE_INVALID: { status: 400, message: "The code is wrong, expired or already used" },
  IDENTITY_PASSWORD_WRONG: { status: 400, message: "The password is wrong" },
  IDENTITY_RECOVERY_TOKEN_INVALID: {
    status: 400,
    message: "This recovery link is invalid, expired or already used",
  },
  IDENTITY_NOT_FOUND: { status: 404, message: "Identity [%s] does not exist" },
  IDENTITY_NOT_ACTIVE: { status: 403, message: "Identity [%s] is blocked or awaiting approval" },
  IDENTITY_FACTOR_NOT_ENABLED: {
    status: 400,
    message: "The factor [%s] is not enabled: use TOTP, a passkey or a recovery code",
  },
  IDENTITY_MEMBER_REQUIRED: { status: 403, message: "This call needs a member's access token" },
  IDENTITY_REAUTHENTICATION_REQUIRED: {
    status: 403,
    message: "Sign in again: this change needs a sign-in within the last %s minutes",
  },
  IDENTITY_API_KEY_REQUIRED: {
    status: 403,
    message: "This call needs the store's API key in the Authorization header",
  },
  REDIRECT_URI_NOT_ALLOWED: { status: 400, message: "Redirect URI [%s] is not allowed" },
  REDIRECT_INTENT_UNSUPPORTED: {
    status: 400,
    message: "Redirect sessions support auth, login and logout, not [%s]",
  },
  IDENTITY_SESSION_TOKEN_INVALID: {
    status: 400,
    message: "Session token is invalid, expired, already used or not this member's",
  },
  AUTHORIZATION_CODE_INVALID: {
    status: 400,
    message: "Authorization code is invalid, expired or already used",
  },
  // The contact form.
  CONTACT_FORM_INVALID: {
    status: 400,
    message:
      "This form has expired or did not come from this page. Reload the page and send again.",
  },
  CONTACT_TOO_FAST: {
    status: 400,
    message: "That was sent faster than anyone can type. Wait a moment, then send again.",
  },
  CONTACT_WORK_REQUIRED: {
    status: 400,
    message: "Your browser has to finish a short check before sending. Send again.",
  },
  CONTACT_ALREADY_SENT: {
    status: 409,
    message: "This message was already sent. Reload the page to write another.",
  },
  CONTACT_THROTTLED: {
    status: 429,
    message: "Many messages arrived just now. Try again in %s seconds.",
  },
  CONTACT_MESSAGE_NOT_FOUND: { status: 404, message: "Message [%s] does not exist" },
  // Analytics (docs/analytics.md, "Hostile beacons").
  ANALYTICS_FLOOD: {
    status: 429,
    message: "Too many beacons from this address just now",
  },
  ANALYTICS_FOREIGN_BEACON: {
    status: 403,
    message: "A beacon is taken from this site's own pages only",
  },
  ANALYTICS_NO_BOOKING_LINK: { status: 404, message: "No booking link is set" },
  // Booking (docs/protocol.md §14).
  BOOKING_SERVICE_NOT_FOUND: { status: 404, message: "Service [%s] does not exist" },
  BOOKING_POLICY_NOT_FOUND: { status: 404, message: "Booking policy [%s] does not exist" },
  BOOKING_NOT_FOUND: { status: 404, message: "Booking [%s] does not exist" },
  BOOKING_TOKEN_INVALID: { status: 404, message: "This booking link is not valid (any more)." },
  BOOKING_REVISION_MISMATCH: {
    status: 409,
    message: "%s [%s] is at revision %s, not %s: read it again, then retry",
  },
  BOOKING_NOT_SET_UP: {
    status: 428,
    message: "Booking is not set up yet: the owner's schedule is missing",
  },
  BOOKING_SLOT_NOT_OFFERED: { status: 400, message: "Service [%s] offers no slot from %s to %s" },
  BOOKING_SLOT_TAKEN: { status: 409, message: "This time is no longer free. Choose another." },
  BOOKING_DAY_FULL: { status: 409, message: "This day is fully booked. Choose another day." },
  BOOKING_TOO_LATE: { status: 428, message: "This time starts too soon to be booked online." },
  BOOKING_TOO_EARLY: { status: 428, message: "This time is too far ahead to be booked yet." },
  BOOKING_ONLINE_DISABLED: { status: 428, message: "This service cannot be booked online." },
  BOOKING_STATUS_CONFLICT: { status: 409, message: "Booking [%s] is %s: it cannot be %s" },
  BOOKING_CANCEL_CUTOFF: {
    status: 428,
    message: "This booking can no longer be cancelled online.",
  },
  BOOKING_RESCHEDULE_CUTOFF: {
    status: 428,
    message: "This booking can no longer be moved online.",
  },
  BOOKING_RESCHEDULE_LIMIT: {
    status: 428,
    message: "This booking has been moved %s times, the most allowed.",
  },
  BOOKING_IDEMPOTENCY_MISMATCH: {
    status: 409,
    message: "Idempotency key [%s] was used for another request",
  },
  BOOKING_OWNER_REQUIRED: { status: 403, message: "Only the site's owner may do this" },
  BOOKING_THROTTLED: {
    status: 429,
    message: "Many booking requests arrived just now. Try again in %s seconds.",
  },
  // The security page.
  PASSWORD_TOO_COMMON: {
    status: 400,
    message: "This password is one of the most common passwords: choose another",
  },
  PASSWORD_BREACHED: {
    status: 400,
    message: "This password appears in known data breaches: choose another",
  },
  SESSION_NOT_FOUND: { status: 404, message: "No live session [%s] of yours" },
  ACCOUNT_MEMBER_REQUIRED: {
    status: 403,
    message: "This call needs a signed-in member's access token",
  },
  // Private files.
  FILE_NOT_FOUND: { status: 404, message: "File [%s] does not exist" },
  FILE_EXPIRED: {
    status: 410,
    message: "The share of [%s] has expired. Ask the owner to share it again.",
  },
  FILE_SHARE_NOT_FOUND: { status: 404, message: "Share [%s] does not exist or is revoked" },
  FILE_TOO_LARGE: { status: 413, message: "A file may be at most %s. Upload a smaller file." },
  FILE_NAME_INVALID: {
    status: 400,
    message: "Give the file a name of 1 to %s characters (the name query parameter)",
  },
  FILE_TYPE_NOT_ALLOWED: {
    status: 415,
    message:
      "[%s] is not a kind of file that can be shared. Upload a PDF, an Office document, a picture (PNG, JPEG, GIF, WebP) or an archive (ZIP, 7z, RAR, gzip).",
  },
  FILE_TYPE_MISMATCH: {
    status: 415,
    message:
      "[%s] is not what its name says: its contents are not %s. Nothing was stored; upload the real file.",
  },
  FILE_QUOTA_EXCEEDED: {
    status: 413,
    message:
      "Your files may hold at most %s together, and %s is left. Ask the owner to remove some, or send a smaller file.",
  },
  FILE_UPLOAD_ABORTED: {
    status: 400,
    message:
      "The upload stopped before the whole file arrived. Nothing was stored; upload it again.",
  },
  FILE_UPLOADS_LIMITED: {
    status: 429,
    message: "Too many uploads. Try again in %s seconds.",
  },
  FILE_FORM_INVALID: { status: 400, message: "Choose one file to send." },
  FILE_FORM_EXPIRED: {
    status: 403,
    message: "This page has expired. Reload it and send the file again.",
  },
  // Passkeys
  PASSKEY_CHALLENGE_INVALID: {
    status: 400,
    message: "This passkey request is invalid, expired or already used. Start again.",
  },
  PASSKEY_NOT_ACCEPTED: { status: 400, message: "The passkey was not accepted" },
  PASSKEY_NOT_FOUND: { status: 404, message: "Passkey [%s] does not exist" },
  PASSKEY_LIMIT_REACHED: { status: 409, message: "An account holds at most %s passkeys" },
  // Member pages: said only to a blocked member who gave the right password.
  MEMBER_BLOCKED: {
    status: 403,
    message: "This account is blocked. Contact the site's owner to ask about it.",
  },
  // Drafts and publishing.
  SCHEDULE_IN_PAST: {
    status: 400,
    message: "The time %s has passed: choose a time in the future.",
  },
} as const satisfies Record<string, CatalogueEntry>;
