import type { MemberSummary } from "../api/editor-api.ts";

/** The member's status in words, with why they wait when they do. */
export function describeStatus(member: MemberSummary): string {
  if (member.status === "BLOCKED") return "Blocked";
  if (member.status === "ACTIVE") return "Active";
  const waits: string[] = [];
  if (member.reasons.includes("PENDING_EMAIL_VERIFICATION_REQUIRED")) {
    waits.push("e-mail not confirmed");
  }
  if (member.reasons.includes("PENDING_ADMIN_APPROVAL_REQUIRED"))
    waits.push("waiting for approval");
  return waits.length > 0 ? `Pending: ${waits.join(", ")}` : "Pending";
}

const DATE_TIME = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

/** A stored time as the owner reads it, in their locale. */
export function formatTime(iso: string | null, never: string): string {
  return iso === null ? never : DATE_TIME.format(new Date(iso));
}
