/**
 * @module Preview links the owner sends so someone sees the page with its drafts: a random
 * secret shown once (the database keeps its SHA-256 digest), a label, an expiry, revocable. The
 * link's address is the configured public URL's, never what a request says its Host is.
 */

import { randomUUID } from "node:crypto";
import type { CreatedPreviewLink, PreviewLink } from "@consultant/site-content/wire";
import { validationError, violation } from "../../platform/errors.ts";
import { hashToken, randomToken } from "../../platform/secrets/secrets.ts";
import type { DraftsStore, StoredPreviewLink } from "../storage/drafts-store.ts";

export const DEFAULT_LINK_HOURS = 168;
export const MAX_LINK_HOURS = 720;
export const MAX_LABEL_LENGTH = 100;
/** Secrets are 43 base64url characters; anything else is not looked up. */
const SECRET_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const HOUR_MS = 60 * 60 * 1000;

function linkView(link: StoredPreviewLink): PreviewLink {
  return {
    id: link.id,
    label: link.label,
    createdAt: new Date(link.createdAt).toISOString(),
    expiresAt: new Date(link.expiresAt).toISOString(),
    createdBy: link.createdBy,
  };
}

export function readLinkRequest(body: Record<string, unknown>): { label: string; hours: number } {
  const { label = "", expiresInHours = DEFAULT_LINK_HOURS } = body;
  if (typeof label !== "string" || label.length > MAX_LABEL_LENGTH) {
    throw validationError([
      violation("label", `must be text of at most ${MAX_LABEL_LENGTH} characters`, "MAX"),
    ]);
  }
  if (
    typeof expiresInHours !== "number" ||
    !Number.isInteger(expiresInHours) ||
    expiresInHours < 1 ||
    expiresInHours > MAX_LINK_HOURS
  ) {
    throw validationError([
      violation("expiresInHours", `must be a whole number from 1 to ${MAX_LINK_HOURS}`, "MAX"),
    ]);
  }
  return { label: label.trim(), hours: expiresInHours };
}

export type PreviewLinks = ReturnType<typeof createPreviewLinks>;

export function createPreviewLinks(drafts: DraftsStore, now: () => number) {
  return {
    /** `origin`: the configured public URL (PUBLIC_URL), else the store's listening address. */
    create(label: string, hours: number, by: string, origin: string): CreatedPreviewLink {
      const secret = randomToken();
      const createdAt = now();
      const link = {
        id: randomUUID(),
        label,
        createdAt,
        expiresAt: createdAt + hours * HOUR_MS,
        createdBy: by,
      };
      drafts.addLink({ ...link, secretHash: hashToken(secret) });
      return { ...linkView(link), url: `${origin.replace(/\/+$/, "")}/preview/${secret}` };
    },

    list(): PreviewLink[] {
      return drafts.liveLinks(now()).map(linkView);
    },

    /** Ends the link at once; one already gone (revoked, expired, unknown) stays gone. */
    revoke(id: string): void {
      drafts.removeLink(id);
    },

    /** Whether the secret opens a live link. */
    opens(secret: string): boolean {
      if (!SECRET_SHAPE.test(secret)) return false;
      return drafts.linkBySecretHash(hashToken(secret), now()) !== null;
    },
  };
}
