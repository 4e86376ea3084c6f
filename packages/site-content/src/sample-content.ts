/**
 * @module The sample content's stand-ins for what only the owner can supply: the invented client
 * logos and the sample client resource (`content/Pictures.json`, `content/ClientResources.json`).
 * An item is still the sample while it keeps the sample's id and the field that shows it (the
 * picture's file, the resource's link); once the owner changes that, it is theirs. The sample
 * resource is never shared with a client (the store's member share leaves it out), and
 * "Remove the sample content" in the editor removes every stand-in at once; the page's words
 * stay, as placeholders the owner rewrites.
 */
import { type ItemData, idOf } from "./item-data.ts";

export type SampleCollection = "Pictures" | "ClientResources";

type StandIn = { readonly _id: string; readonly field: string; readonly value: string };

const logo = (id: string, file: string): StandIn => ({
  _id: id,
  field: "src",
  value: `/media/${file}.svg`,
});

/** Each stand-in by its id and the value of the field that shows it. */
export const SAMPLE_STAND_INS: Readonly<Record<SampleCollection, readonly StandIn[]>> = {
  Pictures: [
    logo("harbor-demo-logistics", "9adbe397e0addbe53834"),
    logo("cedar-sample-co", "f87562b699a9b600d93f"),
    logo("brightline-example", "a1f56f5c8917b7fb5057"),
    logo("summit-mock-labs", "a914cb5a20c9e6c23fa5"),
    logo("northfield-fictive", "02be19798e24c10bc0f4"),
    logo("meridian-placeholder", "ed9cef1e4c99c32bcdaa"),
  ],
  ClientResources: [
    { _id: "welcome-pack", field: "url", value: "https://example.com/welcome-pack" },
  ],
};

export const SAMPLE_COLLECTIONS = Object.keys(SAMPLE_STAND_INS) as SampleCollection[];

/** Whether an item of `collection` is still one of the sample's stand-ins. */
export function isSampleStandIn(collection: string, data: ItemData): boolean {
  const standIns = SAMPLE_STAND_INS[collection as SampleCollection] ?? [];
  return standIns.some(
    (standIn) => standIn._id === idOf(data) && data[standIn.field] === standIn.value,
  );
}
