import { Button } from "../../components/ui/button.tsx";
import type { MemberAction, MemberSummary } from "../api/editor-api.ts";
import { describeStatus, formatTime } from "./member-status.ts";

export type MemberCardProps = {
  member: MemberSummary;
  /** Disables the buttons while a change runs. */
  busy: boolean;
  onAction: (member: MemberSummary, action: MemberAction) => void;
  onDelete: (member: MemberSummary) => void;
};

/** One member: who, their status, when they joined and last signed in, and what can be done. */
export function MemberCard({ member, busy, onAction, onDelete }: MemberCardProps) {
  const waitsForApproval = member.reasons.includes("PENDING_ADMIN_APPROVAL_REQUIRED");
  const blocked = member.status === "BLOCKED";
  const action = (label: string, name: MemberAction) => (
    <Button
      variant="outline"
      size="xs"
      aria-disabled={busy}
      aria-label={`${label} ${member.email}`}
      onClick={() => onAction(member, name)}
    >
      {label}
    </Button>
  );
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4">
      <div className="flex flex-col gap-1">
        <h3 className="font-semibold break-all text-ink">{member.email}</h3>
        <p className="text-sm font-semibold text-ink">{describeStatus(member)}</p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm text-muted">
          <dt>Joined</dt>
          <dd>{formatTime(member.createdDate, "")}</dd>
          <dt>Last sign-in</dt>
          <dd>{formatTime(member.lastSignInDate, "Never")}</dd>
          <dt>Member id</dt>
          <dd className="break-all font-mono text-xs leading-5">{member.id}</dd>
        </dl>
      </div>
      <div className="flex flex-wrap gap-2">
        {waitsForApproval ? action("Approve", "approve") : null}
        {blocked ? action("Unblock", "unblock") : action("Block", "block")}
        {blocked ? null : action("Resend activation e-mail", "activation-email")}
        <Button
          size="xs"
          variant="danger"
          aria-disabled={busy}
          aria-label={`Delete ${member.email}`}
          onClick={() => onDelete(member)}
        >
          Delete
        </Button>
      </div>
    </li>
  );
}
