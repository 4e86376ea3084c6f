/**
 * @module The audit log in plain words: each entry as one sentence the owner reads ("Ada
 * (collaborator) published the Services", "You shared report.pdf with Jo Client"), naming people
 * by name or e-mail, never by id, and collections by the editor's labels. Built when the log is
 * read, so a renamed client reads under their current name.
 */
import { COLLECTION_LABELS } from "@consultant/site-content/editor";
import { memberName } from "../member-name.ts";
import type { IdentityRow } from "../storage/identity-store.ts";

export type SentenceInput = {
  actorId: string | null;
  actorKind: string;
  action: string;
  target: string | null;
};

type Lookup = (id: string) => IdentityRow | null;

/** A person as the owner knows them: their name, else their e-mail. */
export function personOf(identity: IdentityRow | null): string {
  if (identity === null) return "someone since removed";
  return memberName(identity.profile) ?? identity.email;
}

function actorOf(entry: SentenceInput, lookup: Lookup): string {
  switch (entry.actorKind) {
    case "owner":
      return "You";
    case "editor": {
      const editor = entry.actorId === null ? null : lookup(entry.actorId);
      return editor === null ? "A removed collaborator" : `${personOf(editor)} (collaborator)`;
    }
    case "member":
      return entry.actorId === null ? "A client" : personOf(lookup(entry.actorId));
    case "api-key":
      return "An app using the API key";
    case "command":
      return "A command on the server";
    case "link":
      return "Someone with a one-time link";
    case "schedule":
      return "The schedule";
    default:
      return "Someone";
  }
}

/** "the Services" for "Services" or "Services/abc"; the collection's editor label. */
function collectionOf(target: string | null): string {
  const id = (target ?? "").split("/")[0] ?? "";
  const label = (COLLECTION_LABELS as Record<string, { label: string } | undefined>)[id]?.label;
  if (label !== undefined) return `the ${label}`;
  return id === "" ? "the content" : `the ${id}`;
}

function memberOf(target: string | null, lookup: Lookup): string {
  return target === null ? "a client" : personOf(lookup(target));
}

/** "Ada Lovelace's" for a review's target "Services/<collaborator id>". */
function senderOf(target: string | null, lookup: Lookup): string {
  const id = (target ?? "").split("/")[1];
  return id === undefined || id === "" ? "a collaborator's" : `${personOf(lookup(id))}'s`;
}

/** The sentence of one entry. */
export function auditSentence(entry: SentenceInput, lookup: Lookup): string {
  const who = actorOf(entry, lookup);
  const target = entry.target ?? "";
  const said: Record<string, () => string> = {
    "content.save": () => `${who} changed ${collectionOf(entry.target)}`,
    "content.remove": () => `${who} removed an entry of ${collectionOf(entry.target)}`,
    "content.restore": () => `${who} restored an earlier version of ${collectionOf(entry.target)}`,
    "content.references": () =>
      `${who} changed the links between entries of ${collectionOf(entry.target)}`,
    "collection.save": () => `${who} changed the fields of ${collectionOf(entry.target)}`,
    "collection.remove": () => `${who} removed ${collectionOf(entry.target)}`,
    "draft.save": () => `${who} saved a draft of ${collectionOf(entry.target)}`,
    "draft.discard": () => `${who} discarded a draft of ${collectionOf(entry.target)}`,
    "draft.publish": () => `${who} published ${collectionOf(entry.target)}`,
    "draft.schedule": () => `${who} scheduled ${collectionOf(entry.target)} to go live`,
    "draft.unpublish": () => `${who} took an entry of ${collectionOf(entry.target)} off the site`,
    "draft.published-on-schedule": () =>
      `${collectionOf(entry.target).replace(/^t/, "T")} went live as scheduled`,
    "review.on": () => `${who} turned on review: collaborators' changes wait for approval`,
    "review.off": () => `${who} turned off review: collaborators publish their own changes`,
    "review.send": () => `${who} sent ${collectionOf(entry.target)} for review`,
    "review.approve": () =>
      `${who} approved ${senderOf(entry.target, lookup)} changes to ${collectionOf(entry.target)} and published them`,
    "review.send-back": () =>
      `${who} sent ${senderOf(entry.target, lookup)} changes to ${collectionOf(entry.target)} back with a note`,
    "preview-link.create": () => `${who} made a preview link${target ? ` (${target})` : ""}`,
    "preview-link.revoke": () => `${who} withdrew a preview link`,
    "member.approve": () => `${who} approved ${memberOf(entry.target, lookup)}`,
    "member.block": () => `${who} blocked ${memberOf(entry.target, lookup)}`,
    "member.unblock": () => `${who} unblocked ${memberOf(entry.target, lookup)}`,
    "member.activation-email": () =>
      `${who} sent ${memberOf(entry.target, lookup)} a new activation mail`,
    "member.delete": () => `${who} deleted a client's account`,
    "member.delete-own": () => "A client deleted their own account",
    "settings.members": () => `${who} changed whether new clients wait for approval`,
    "role.grant": () => `${who} invited ${target || "someone"} as a collaborator`,
    "role.revoke": () => `${who} removed the collaborator ${memberOf(entry.target, lookup)}`,
    "account.email": () => `${who} changed the e-mail address for notices`,
    "account.second-factor-on": () => `${who} turned on two-step verification`,
    "account.second-factor-off": () => `${who} turned off two-step verification`,
    "account.password-set": () =>
      entry.actorKind === "link"
        ? "The owner's password was set through a one-time link"
        : `${who} set a new password`,
    "account.password-set-by-link": () =>
      entry.actorKind === "editor"
        ? `${who} chose a password from a mailed link`
        : `${who} set a new password from a mailed link`,
    "account.sign-in": () => `${who} signed in to the editor`,
    "session.end": () => `${who} ended a session`,
    "picture.draft": () =>
      `${who} uploaded a picture for a draft${target ? ` (${target})` : ""}; it is not live yet`,
    "picture.upload": () => `${who} uploaded a new picture${target ? ` (${target})` : ""}`,
    "message.status": () => `${who} marked a contact message ${target || "read"}`,
    "notices.test-mail": () => `${who} sent a test mail to ${target || "the owner's address"}`,
    "invite.create": () => `${who} invited ${target}`,
    "invite.resend": () => `${who} sent the invitation to ${target} again`,
    "invite.revoke": () => `${who} withdrew the invitation to ${target}`,
    "invite.accept": () => `${who} accepted your invitation and joined`,
    "share.create": () => `${who} shared ${target}`,
    "share.revoke": () => `${who} stopped sharing ${target || "some files"}`,
    "api-key.rotate": () => `${who} replaced the API key`,
  };
  const sentence = said[entry.action]?.() ?? `${who} made a change (${entry.action})`;
  return `${sentence}.`;
}
