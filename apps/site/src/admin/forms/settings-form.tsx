import {
  type BookingPageChoice,
  bookingChoice,
  type ClientSignInChoice,
  clientSignInChoice,
  readSettings,
  SETTINGS_ITEM_ID,
  type SiteSettings,
  type TextSetting,
  withClientSignIn,
  withSettings,
} from "@consultant/site-content";
import { SETTING_FIELDS } from "@consultant/site-content/editor";
import { Fragment, useContext, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { siteConfig } from "../../site.config.ts";
import { PendingBadge } from "../drafts/pending-badge.tsx";
import { addRow, setRowData } from "../model/draft.ts";
import { fieldKey } from "../model/validate.ts";
import { fieldId } from "./field-ids.ts";
import { FormLockContext } from "./form-lock.ts";
import type { CollectionFormProps } from "./form-props.ts";
import { TextField } from "./text-field.tsx";
import { TitleOffer } from "./title-offer.tsx";

const GROUPS: readonly { legend: string; fields: readonly TextSetting[] }[] = [
  {
    legend: "About you",
    fields: ["name", "company", "email", "phone", "profileUrl", "profileLabel"],
  },
  { legend: "Booking", fields: ["bookingUrl"] },
  { legend: "Search and sharing", fields: ["title", "description", "siteUrl", "shareImageUrl"] },
];

const BOOKING_CHOICES: readonly { value: BookingPageChoice; label: string; hint: string }[] = [
  {
    value: "builtIn",
    label: "The booking page of this site",
    hint: "(/book: your services, hours and policies under Bookings)",
  },
  { value: "external", label: "Your booking link", hint: "(the scheduler below)" },
];

const SIGN_IN_CHOICES: readonly { value: ClientSignInChoice; label: string; hint: string }[] = [
  { value: "automatic", label: "Automatic", hint: "(shown once you have a client)" },
  { value: "shown", label: "Always shown", hint: "" },
  { value: "hidden", label: "Hidden", hint: "(clients use the address of the sign-in page)" },
];

/**
 * The site's settings: one item. Before it is stored (a store seeded before settings existed)
 * the form shows the build-time defaults and the first change adds the item.
 */
export function SettingsForm({
  collectionId,
  draft,
  errors,
  onChange,
  onHistory,
  newKey,
}: CollectionFormProps) {
  const locked = useContext(FormLockContext);
  const row = draft.rows[0];
  const rowKey = row?.key ?? "new";
  const settings = readSettings(row?.data, siteConfig);
  // The name the page title was written with: a new name offers to carry the title along.
  const [titleName, setTitleName] = useState(settings.name);

  const signInChoice = clientSignInChoice(row?.data);

  // The sign-in choice is written only when the owner makes one: the default's `false` stored
  // with another field would switch the automatic link off for good.
  const write = (fields: Partial<SiteSettings>, choice: ClientSignInChoice) => {
    const { showClientSignIn: _default, ...texts } = { ...settings, ...fields };
    const data = withClientSignIn(
      withSettings(row?.data ?? { _id: SETTINGS_ITEM_ID }, texts),
      choice,
    );
    if (row === undefined) onChange(addRow(draft, newKey(), data));
    else onChange(setRowData(draft, row.key, data));
  };
  const set = (fields: Partial<SiteSettings>) => write(fields, signInChoice);
  const signInId = fieldId(collectionId, rowKey, "showClientSignIn");
  const bookingId = fieldId(collectionId, rowKey, "bookingPage");
  const booking = bookingChoice(settings);

  return (
    <div className="flex flex-col gap-5">
      {GROUPS.map((group) => (
        <fieldset
          key={group.legend}
          className="flex flex-col gap-4 rounded-xl border border-line bg-surface p-4 sm:p-5"
        >
          <legend className="px-1 font-serif text-lg font-semibold">{group.legend}</legend>
          {group.legend === "Booking" ? (
            <fieldset id={bookingId} tabIndex={-1} className="flex flex-col gap-2">
              <legend className="mb-2 text-sm font-semibold">The booking button leads to</legend>
              {BOOKING_CHOICES.map((choice) => (
                <div key={choice.value} className="flex items-start gap-3">
                  <input
                    id={`${bookingId}-${choice.value}`}
                    type="radio"
                    name={bookingId}
                    className="mt-0.5 size-5 accent-accent"
                    checked={booking === choice.value}
                    disabled={locked}
                    onChange={() => set({ bookingPage: choice.value })}
                  />
                  <label htmlFor={`${bookingId}-${choice.value}`} className="text-sm text-ink">
                    <span className="font-semibold">{choice.label}</span>{" "}
                    <span className="text-muted">{choice.hint}</span>
                  </label>
                </div>
              ))}
            </fieldset>
          ) : null}
          {group.fields.map((key) => {
            const field = SETTING_FIELDS[key];
            return (
              <Fragment key={key}>
                <TextField
                  id={fieldId(collectionId, rowKey, key)}
                  label={field.label}
                  value={settings[key]}
                  multiline={field.multiline}
                  rows={3}
                  max={field.max}
                  required={field.required}
                  hint={field.hint}
                  error={errors[fieldKey(rowKey, key)]}
                  onChange={(value) => set({ [key]: value })}
                />
                {key === "name" ? (
                  <TitleOffer
                    from={titleName}
                    settings={settings}
                    onAccept={(texts) => {
                      set(texts);
                      setTitleName(settings.name.trim());
                    }}
                    onDecline={() => setTitleName(settings.name.trim())}
                  />
                ) : null}
              </Fragment>
            );
          })}
        </fieldset>
      ))}
      <fieldset
        id={signInId}
        tabIndex={-1}
        className="flex flex-col gap-2 rounded-xl border border-line bg-surface p-4 sm:p-5"
      >
        <legend className="px-1 font-serif text-lg font-semibold">
          The client sign-in link in the page's header
        </legend>
        {SIGN_IN_CHOICES.map((choice) => (
          <div key={choice.value} className="flex items-start gap-3">
            <input
              id={`${signInId}-${choice.value}`}
              type="radio"
              name={signInId}
              className="mt-0.5 size-5 accent-accent"
              checked={signInChoice === choice.value}
              disabled={locked}
              onChange={() => write({}, choice.value)}
            />
            <label htmlFor={`${signInId}-${choice.value}`} className="text-sm text-ink">
              <span className="font-semibold">{choice.label}</span>{" "}
              <span className="text-muted">{choice.hint}</span>
            </label>
          </div>
        ))}
      </fieldset>
      {row !== undefined && row.id !== null ? (
        <div className="flex flex-wrap items-center justify-end gap-2">
          <PendingBadge row={row} />
          <Button size="xs" variant="ghost" onClick={() => onHistory(row)}>
            History of the settings
          </Button>
        </div>
      ) : null}
    </div>
  );
}
