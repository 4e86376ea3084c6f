import { useCallback, useEffect, useId, useRef, useState } from "react";
import { useAnnounce } from "../../components/ui/announcer.tsx";
import type { EditorApi, MemberAction, MemberSettings, MemberSummary } from "../api/editor-api.ts";
import { errorMessage } from "../api/store-errors.ts";
import { InviteSection } from "./invite-section.tsx";
import { MemberCard } from "./member-card.tsx";
import { useMemberDirectory } from "./member-directory.ts";

const DONE: Record<MemberAction, (email: string) => string> = {
  approve: (email) => `${email} is approved.`,
  block: (email) => `${email} is blocked; their sign-ins have ended.`,
  unblock: (email) => `${email} is unblocked.`,
  "activation-email": (email) => `An activation e-mail is on its way to ${email}.`,
};

export type MembersPanelProps = { api: EditorApi; active: boolean };

/** The Members view: invitations, search, the approval setting, and each member with their actions. */
export function MembersPanel({ api, active }: MembersPanelProps) {
  const announce = useAnnounce();
  const directory = useMemberDirectory();
  const [search, setSearch] = useState("");
  const [members, setMembers] = useState<MemberSummary[] | null>(null);
  const [settings, setSettings] = useState<MemberSettings | null>(null);
  const [problem, setProblem] = useState("");
  const [busy, setBusy] = useState(false);
  const ids = { search: useId(), approval: useId(), heading: useId() };
  // Only the newest answer counts: searches typed quickly may answer out of order.
  const latest = useRef(0);

  const load = useCallback(() => {
    const ticket = ++latest.current;
    api
      .members(search)
      .then((page) => {
        if (ticket !== latest.current) return;
        setMembers(page.members);
        setSettings(page.settings);
        setProblem("");
      })
      .catch((error: unknown) => {
        if (ticket === latest.current) setProblem(errorMessage(error));
      });
  }, [api, search]);

  useEffect(() => {
    if (active) load();
  }, [active, load]);

  const change = useCallback(
    async (run: () => Promise<string>) => {
      setBusy(true);
      try {
        announce(await run());
        setProblem("");
      } catch (error) {
        setProblem(errorMessage(error));
      } finally {
        setBusy(false);
        load();
        directory?.reload();
      }
    },
    [announce, directory, load],
  );

  const onAction = (member: MemberSummary, action: MemberAction) => {
    const blockQuestion = `Block ${member.email}? They are signed out everywhere and cannot sign in until you unblock them.`;
    if (action === "block" && !window.confirm(blockQuestion)) return;
    return change(async () => {
      await api.memberAction(member.id, action);
      return DONE[action](member.email);
    });
  };

  const onDelete = (member: MemberSummary) => {
    if (!window.confirm(`Delete ${member.email}? Their sign-ins end and the account is gone.`))
      return;
    void change(async () => {
      await api.deleteMember(member.id);
      return `${member.email} is deleted.`;
    });
  };

  const onApprovalChange = (requireApproval: boolean) =>
    change(async () => {
      setSettings(await api.setMemberSettings({ requireApproval }));
      return requireApproval
        ? "New members now wait for your approval."
        : "New members no longer wait for approval.";
    });

  if (!active) return null;
  return (
    <section aria-labelledby={ids.heading} className="flex flex-col gap-6 px-4 py-6 sm:px-8">
      <h2 id={ids.heading} className="font-serif text-2xl font-semibold">
        Members
      </h2>
      {problem ? (
        <p role="alert" className="rounded-lg bg-danger-soft px-4 py-3 text-sm text-danger">
          {problem}
        </p>
      ) : null}
      <InviteSection api={api} onChange={load} />
      <div className="flex items-center gap-3 rounded-xl border border-line bg-surface p-4">
        <input
          id={ids.approval}
          type="checkbox"
          className="size-5 accent-accent"
          checked={settings?.requireApproval ?? false}
          disabled={settings === null || busy}
          onChange={(event) => void onApprovalChange(event.target.checked)}
        />
        <label htmlFor={ids.approval} className="text-sm font-semibold text-ink">
          New members wait for my approval before they can sign in
        </label>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={ids.search} className="text-sm font-semibold text-ink">
          Search by e-mail
        </label>
        <input
          id={ids.search}
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          className="w-full max-w-md rounded-lg border border-line-strong bg-surface px-3 py-2 text-base text-ink"
        />
      </div>
      {members === null ? <p>Loading members…</p> : null}
      {members?.length === 0 ? (
        <p className="text-muted">{search.trim() ? "No member matches." : "No members yet."}</p>
      ) : null}
      {members && members.length > 0 ? (
        <ul aria-label="Members" className="grid gap-3 xl:grid-cols-2">
          {members.map((member) => (
            <MemberCard
              key={member.id}
              member={member}
              busy={busy}
              onAction={(m, action) => void onAction(m, action)}
              onDelete={onDelete}
            />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
