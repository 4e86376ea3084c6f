/** The audit log reads as sentences, naming people by name or e-mail, never by id. */
import { expect, test } from "vitest";
import type { IdentityRow } from "../storage/identity-store.ts";
import { auditSentence } from "./audit-sentences.ts";

const people: Record<string, Partial<IdentityRow>> = {
  ada: { id: "ada", email: "ada@example.com", profile: { firstName: "Ada Lovelace" } },
  jo: { id: "jo", email: "jo@client.example", profile: {} },
};
const lookup = (id: string) => (people[id] as IdentityRow | undefined) ?? null;
const say = (actorKind: string, action: string, target: string | null = null, actorId = "ada") =>
  auditSentence({ actorId, actorKind, action, target }, lookup);

test("publishes, scheduled ones too, name the collaborator and the collection by its label", () => {
  expect(say("editor", "draft.publish", "Services")).toBe(
    "Ada Lovelace (collaborator) published the Services.",
  );
  expect(say("owner", "draft.schedule", "About/about")).toBe(
    "You scheduled the About me to go live.",
  );
  expect(say("schedule", "draft.published-on-schedule", "Services/s1")).toBe(
    "The Services went live as scheduled.",
  );
});

test("shares, invites, sign-ins and member actions read as sentences with names or e-mails", () => {
  expect(say("owner", "share.create", "report.pdf with Jo Client")).toBe(
    "You shared report.pdf with Jo Client.",
  );
  expect(say("owner", "invite.create", "Jo Client (jo@client.example)")).toBe(
    "You invited Jo Client (jo@client.example).",
  );
  expect(say("member", "invite.accept", "jo@client.example", "jo")).toBe(
    "jo@client.example accepted your invitation and joined.",
  );
  expect(say("owner", "account.sign-in")).toBe("You signed in to the editor.");
  expect(say("owner", "member.block", "jo")).toBe("You blocked jo@client.example.");
  expect(say("owner", "message.status", "archived")).toBe("You marked a contact message archived.");
});

test("no sentence shows an id or a route; an unknown action still names who did it", () => {
  expect(say("owner", "member.approve", "ada")).not.toContain("ada.");
  expect(say("owner", "member.approve", "gone")).toBe("You approved someone since removed.");
  expect(say("api-key", "something.new")).toBe(
    "An app using the API key made a change (something.new).",
  );
});
