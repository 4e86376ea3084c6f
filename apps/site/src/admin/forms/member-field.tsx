import { LIMITS } from "@consultant/site-content/editor";
import { useContext } from "react";
import { cn } from "../../lib/cn.ts";
import { useMemberDirectory } from "../members/member-directory.ts";
import { FieldError } from "./field-error.tsx";
import { FormLockContext } from "./form-lock.ts";
import { TextField } from "./text-field.tsx";

export type MemberFieldProps = {
  id: string;
  value: string;
  onChange: (memberId: string) => void;
  error?: string | undefined;
};

const HINT = "Shared with no one in particular, every signed-in client sees it.";

/** Whom a resource is shared with: a member chosen by e-mail, or every signed-in client. */
export function MemberField({ id, value, onChange, error }: MemberFieldProps) {
  const directory = useMemberDirectory();
  const locked = useContext(FormLockContext);
  if (directory === null) {
    return (
      <TextField
        id={id}
        label="Shared with (member id)"
        value={value}
        max={LIMITS.memberId}
        hint={`Empty: ${HINT}`}
        error={error}
        onChange={onChange}
      />
    );
  }
  const known = value === "" || directory.members.some((member) => member.id === value);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        Shared with
      </label>
      <select
        id={id}
        name={id}
        value={value}
        disabled={locked}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        onChange={(event) => onChange(event.target.value)}
        className={cn(
          "w-full rounded-lg border bg-surface px-3 py-2 text-base text-ink",
          error ? "border-danger" : "border-line-strong",
        )}
      >
        <option value="">Every signed-in client</option>
        {directory.members.map((member) => (
          <option key={member.id} value={member.id}>
            {member.email}
          </option>
        ))}
        {known ? null : <option value={value}>A member no longer here ({value})</option>}
      </select>
      <p id={hintId} className="text-xs text-muted">
        {HINT}
      </p>
      <FieldError id={errorId} error={error} />
    </div>
  );
}
