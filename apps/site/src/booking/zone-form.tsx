import type { BookingPageWords } from "@consultant/site-content";
import { Button } from "../components/ui/button.tsx";
import { useNavigation } from "./booking-navigation.ts";

/**
 * The visitor's time zone: a GET form (the page without JavaScript shows the times again in the
 * chosen zone); with JavaScript the choice alone shows them, without a reload.
 */
export function ZoneForm(props: {
  action: string;
  /** The fields the page's address keeps (the service, the manage link's token). */
  keep: Record<string, string>;
  zone: string;
  zones: readonly string[];
  words: BookingPageWords;
}) {
  const { action, keep, zone, zones, words } = props;
  const navigation = useNavigation();
  const choices = zones.includes(zone) ? zones : [zone, ...zones];
  return (
    <form
      method="get"
      action={action}
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        if (navigation === null) return;
        event.preventDefault();
        const query = new URLSearchParams(
          [...new FormData(event.currentTarget)].map(([k, v]) => [k, String(v)]),
        );
        void navigation.go(`${action}?${query}`, true);
      }}
    >
      {Object.entries(keep).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <label htmlFor="booking-zone" className="text-sm font-semibold text-ink">
          {words.BookTimeZone}
        </label>
        <select
          id="booking-zone"
          name="tz"
          defaultValue={zone}
          key={zone}
          className="h-11 w-full rounded-lg border border-line-strong bg-surface px-3 text-base text-ink"
          onChange={(event) => {
            if (navigation !== null) event.currentTarget.form?.requestSubmit();
          }}
        >
          {choices.map((name) => (
            <option key={name} value={name}>
              {name.replaceAll("_", " ")}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" variant="outline">
        {words.BookShowTimes}
      </Button>
    </form>
  );
}
