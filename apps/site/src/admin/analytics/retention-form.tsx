import type { AnalyticsSettings } from "@consultant/site-content/wire";
import { type FormEvent, useEffect, useId, useState } from "react";
import { useAnnounce } from "../../components/ui/announcer.tsx";
import { Button } from "../../components/ui/button.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { errorMessage } from "../api/store-errors.ts";
import type { AnalyticsApi } from "./analytics-api.ts";

/** The store's bounds for the setting (analytics-read-routes.ts). */
const MOST_DAYS = 365;

function daysProblem(text: string): string | null {
  const days = Number(text);
  if (text.trim() === "" || !Number.isInteger(days) || days < 1) {
    return "Enter a whole number of days, 1 or more.";
  }
  if (days > MOST_DAYS) return `Enter at most ${MOST_DAYS} days.`;
  return null;
}

/**
 * How long each visit's details are kept before only the hourly and daily figures remain: the
 * owner changes it, a collaborator reads it (docs/privacy.md).
 */
export function RetentionForm({
  analytics,
  canChange,
}: {
  analytics: AnalyticsApi;
  canChange: boolean;
}) {
  const headingId = useId();
  const announce = useAnnounce();
  const [settings, setSettings] = useState<AnalyticsSettings | null>(null);
  const [days, setDays] = useState("");
  const [problem, setProblem] = useState("");
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    analytics.settings().then(
      (answer) => {
        setSettings(answer);
        setDays(String(answer.retentionDays));
      },
      (error: unknown) => setProblem(errorMessage(error)),
    );
  }, [analytics]);

  async function save(event: FormEvent) {
    event.preventDefault();
    const why = daysProblem(days);
    setProblem(why ?? "");
    if (why !== null || busy) return;
    setBusy(true);
    try {
      const saved = await analytics.keepFor(Number(days));
      setSettings(saved);
      announce(`Saved: each visit's details are kept for ${saved.retentionDays} days.`);
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4 text-sm sm:p-5"
    >
      <h3 id={headingId} className="font-serif text-xl font-semibold">
        How long visits are kept
      </h3>
      <p>
        Each page view's details (the page, sections read, where the visitor came from) are kept for{" "}
        {settings ? `${settings.retentionDays} days` : "a number of days"}; after that only the
        hourly and daily figures remain.
      </p>
      {canChange && settings ? (
        <form onSubmit={save} noValidate className="flex flex-wrap items-end gap-3">
          <TextField
            id={`${headingId}-days`}
            label="Keep each visit's details for (days)"
            type="number"
            inputMode="numeric"
            min={1}
            max={MOST_DAYS}
            value={days}
            error={problem || undefined}
            onChange={(event) => setDays(event.target.value)}
          />
          <Button type="submit" aria-disabled={busy}>
            Save
          </Button>
        </form>
      ) : problem ? (
        <p role="alert" className="font-semibold text-danger">
          {problem}
        </p>
      ) : null}
    </section>
  );
}
