import { type ItemData, SAMPLE_STAND_INS, type SampleCollection } from "@consultant/site-content";
import { useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { Dialog } from "../../components/ui/dialog.tsx";
import type { EditorApi } from "../api/editor-api.ts";
import { errorMessage } from "../api/store-errors.ts";

export type SampleLeft = Record<SampleCollection, readonly ItemData[]>;

/**
 * Removes every stand-in of the sample at once. Each removal holds only while the item still
 * shows the sample (a logo the owner replaced in the meantime stays); each is in the removed
 * items' history, so it can be brought back.
 */
export async function removeSample(api: Pick<EditorApi, "items">, left: SampleLeft) {
  for (const collection of Object.keys(left) as SampleCollection[]) {
    for (const item of left[collection]) {
      const standIn = SAMPLE_STAND_INS[collection].find((each) => each._id === item._id);
      if (standIn === undefined) continue;
      await api.items.remove({
        dataCollectionId: collection,
        dataItemId: standIn._id,
        condition: { filter: { [standIn.field]: { $eq: standIn.value } } },
      });
    }
  }
}

const plural = (count: number, one: string, many: string) =>
  count === 1 ? `1 ${one}` : `${count} ${many}`;

/** "Remove the sample content": says what goes and what stays, then removes it on request. */
export function RemoveSampleDialog({
  api,
  left,
  unsaved,
  onRemoved,
  onClose,
}: {
  api: EditorApi;
  left: SampleLeft;
  /** Unsaved edits in Pictures or Client resources: the editor reloads those after removing. */
  unsaved: boolean;
  onRemoved: () => void;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function confirm() {
    setBusy(true);
    setProblem(null);
    try {
      await removeSample(api, left);
      onRemoved();
    } catch (error) {
      setProblem(`Not everything was removed. ${errorMessage(error)}`);
      setBusy(false);
    }
  }

  return (
    <Dialog
      title="Remove the sample content?"
      onClose={onClose}
      footer={
        <>
          <Button variant="ghost" size="sm" onClick={onClose}>
            Keep it
          </Button>
          <Button
            variant="danger"
            size="sm"
            aria-disabled={busy || undefined}
            onClick={() => {
              if (!busy) void confirm();
            }}
          >
            {busy ? "Removing…" : "Remove the sample content"}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-3 text-sm">
        <p>These go, from the page and from your clients' area:</p>
        <ul className="list-disc pl-5">
          {left.Pictures.length > 0 ? (
            <li>{plural(left.Pictures.length, "invented client logo", "invented client logos")}</li>
          ) : null}
          {left.ClientResources.length > 0 ? (
            <li>
              {plural(left.ClientResources.length, "sample resource", "sample resources")} (
              {left.ClientResources.map((item) => String(item.title ?? item._id)).join(", ")})
            </li>
          ) : null}
        </ul>
        <p>
          The page's words stay as they are, as placeholders for yours. Each removed item can be
          brought back from its section's "Deleted items".
        </p>
        {unsaved ? (
          <p className="font-semibold text-danger">
            Your unsaved changes to Pictures or Client resources are discarded.
          </p>
        ) : null}
        {problem ? (
          <p role="alert" className="font-semibold text-danger">
            {problem}
          </p>
        ) : null}
      </div>
    </Dialog>
  );
}
