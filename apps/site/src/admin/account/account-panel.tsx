import { useEffect, useId, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import type { EditorApi, StaffRole } from "../api/editor-api.ts";
import { AuditSection } from "./audit-section.tsx";
import { CollaboratorsSection } from "./collaborators-section.tsx";
import { EmailSection } from "./email-section.tsx";
import { SessionsSection } from "./sessions-section.tsx";
import { TwoFactorSection } from "./two-factor-section.tsx";

export type AccountPanelProps = {
  api: EditorApi;
  role: StaffRole;
  active: boolean;
  onSignOutEverywhere: () => void;
};

/**
 * The signed-in person's account: two-step verification, "sign out everywhere", and for the
 * owner the e-mail for mailed resets and the collaborators.
 */
export function AccountPanel({ api, role, active, onSignOutEverywhere }: AccountPanelProps) {
  const heading = useId();
  const [account, setAccount] = useState<{ email: string; twoFactor: boolean } | null>(null);

  useEffect(() => {
    if (!active) return;
    api.session().then(
      (state) => {
        if (state.signedIn) setAccount({ email: state.email, twoFactor: state.twoFactor === true });
      },
      () => {},
    );
  }, [api, active]);

  if (!active) return null;
  return (
    <section aria-labelledby={heading} className="flex flex-col gap-8 px-4 py-6 sm:px-8">
      <h2 id={heading} className="font-serif text-2xl font-semibold">
        Account
      </h2>
      {account === null ? <p>Loading your account…</p> : null}
      {account !== null ? (
        <TwoFactorSection
          api={api}
          on={account.twoFactor}
          onChange={(twoFactor) => setAccount({ ...account, twoFactor })}
        />
      ) : null}
      {account !== null && role === "owner" ? (
        <EmailSection
          api={api}
          email={account.email}
          onChange={(email) => setAccount({ ...account, email })}
        />
      ) : null}
      {role === "owner" ? <CollaboratorsSection api={api} /> : null}
      <SessionsSection api={api} />
      {role === "owner" ? <AuditSection api={api} /> : null}
      <div className="flex flex-col items-start gap-2 rounded-xl border border-line bg-surface p-4">
        <h3 className="font-semibold">Sign out everywhere</h3>
        <p className="text-sm text-muted">
          Ends every open session of yours, on this device and on every other.
        </p>
        <Button variant="danger" size="xs" onClick={onSignOutEverywhere}>
          Sign out everywhere
        </Button>
      </div>
    </section>
  );
}
