import { useCallback, useEffect, useState } from "react";
import { useAnnounce } from "../../components/ui/announcer.tsx";
import { Button } from "../../components/ui/button.tsx";
import type { EditorApi } from "../api/editor-api.ts";
import { createBookingApi } from "../booking/booking-api.ts";
import {
  CHECKLIST_DISMISSED_KEY,
  type ChecklistItem,
  checklistItems,
  SAMPLE_ITEM_ID,
  sampleLeft,
} from "./checklist-items.ts";
import { RemoveSampleDialog, type SampleLeft } from "./remove-sample-dialog.tsx";

function wasDismissed(): boolean {
  try {
    return window.localStorage.getItem(CHECKLIST_DISMISSED_KEY) === "yes";
  } catch {
    return false;
  }
}

function dismiss(): void {
  try {
    window.localStorage.setItem(CHECKLIST_DISMISSED_KEY, "yes");
  } catch {
    // Site data blocked: hidden until the next visit.
  }
}

type Checklist = { items: ChecklistItem[]; sample: SampleLeft };

/** Reads what is set up; null until then (or when the store could not say). */
function useChecklist(api: EditorApi): [Checklist | null, () => void] {
  const [checklist, setChecklist] = useState<Checklist | null>(null);
  const [round, setRound] = useState(0);
  useEffect(() => {
    let live = true;
    void round;
    Promise.all([
      api.session(),
      api.collectionItems("SiteSettings"),
      api.collectionItems("Pictures"),
      api.collectionItems("ClientResources"),
      // A store that cannot say (no booking wing) leaves the item to do, not the list unread.
      createBookingApi(api)
        .hoursSaved()
        .catch(() => false),
    ]).then(
      ([session, settings, pictures, resources, bookingHoursSaved]) => {
        if (!live || !session.signedIn) return;
        const facts = {
          passwordSet: true,
          twoFactor: session.twoFactor === true,
          ownerEmailSet: session.email.includes("@"),
          bookingHoursSaved,
          settings,
          pictures,
          resources,
        };
        setChecklist({ items: checklistItems(facts), sample: sampleLeft(facts) });
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, [api, round]);
  return [checklist, useCallback(() => setRound((value) => value + 1), [])];
}

export type FirstRunChecklistProps = {
  api: EditorApi;
  /** Whether Pictures or Client resources hold unsaved edits. */
  sampleEditsUnsaved: boolean;
  /** The sample is gone: the Pictures and Client resources editors load again. */
  onSampleRemoved: () => void;
};

/** `/admin`'s first-run checklist for the owner, until all is done or it is dismissed. */
export function FirstRunChecklist({
  api,
  sampleEditsUnsaved,
  onSampleRemoved,
}: FirstRunChecklistProps) {
  const [hidden, setHidden] = useState(wasDismissed);
  const [checklist, readAgain] = useChecklist(api);
  const [confirming, setConfirming] = useState(false);
  const announce = useAnnounce();
  const items = checklist?.items ?? null;
  if (hidden || checklist === null || items === null || items.every((item) => item.done))
    return null;
  const left = items.filter((item) => !item.done).length;
  return (
    <section
      aria-labelledby="checklist-title"
      className="m-4 rounded-2xl border border-line bg-surface p-5 sm:m-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="checklist-title" className="font-serif text-xl font-semibold text-ink">
            Getting started
          </h2>
          <p className="text-sm text-muted">
            {left} of {items.length} left to set up.
          </p>
        </div>
        <Button
          variant="ghost"
          size="xs"
          onClick={() => {
            dismiss();
            setHidden(true);
          }}
        >
          Hide the checklist
        </Button>
      </div>
      <ul className="mt-4 grid gap-2 sm:grid-cols-2">
        {items.map((item) => (
          <li key={item.id} className="flex gap-3 rounded-lg border border-line p-3">
            <span
              aria-hidden="true"
              className={
                item.done
                  ? "mt-0.5 grid size-5 shrink-0 place-items-center rounded-full bg-accent text-xs text-on-accent"
                  : "mt-0.5 size-5 shrink-0 rounded-full border-2 border-line-strong"
              }
            >
              {item.done ? "✓" : ""}
            </span>
            <span className="flex flex-col">
              {item.id === SAMPLE_ITEM_ID && !item.done ? (
                <Button
                  variant="outline"
                  size="xs"
                  className="self-start"
                  onClick={() => setConfirming(true)}
                >
                  {item.label}…<span className="sr-only"> (to do)</span>
                </Button>
              ) : (
                <a
                  href={item.href}
                  className="rounded font-semibold text-accent underline underline-offset-4"
                >
                  {item.label}
                  <span className="sr-only">{item.done ? " (done)" : " (to do)"}</span>
                </a>
              )}
              <span className="text-sm text-muted">{item.hint}</span>
            </span>
          </li>
        ))}
      </ul>
      {confirming ? (
        <RemoveSampleDialog
          api={api}
          left={checklist.sample}
          unsaved={sampleEditsUnsaved}
          onClose={() => setConfirming(false)}
          onRemoved={() => {
            setConfirming(false);
            announce("The sample content was removed.");
            readAgain();
            onSampleRemoved();
          }}
        />
      ) : null}
    </section>
  );
}
