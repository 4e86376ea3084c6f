/**
 * @module The owner wing: the editor's API (/admin), staff sign-in, drafts, preview links and scheduled publishing.
 * The other wings import this wing through this face only.
 */
export { createOwnerCredentials } from "./credentials.ts";
export type { DraftScheduler } from "./drafts/draft-scheduler.ts";
export { registerDrafts } from "./drafts/drafts-feature.ts";
export { previewPagePlugin } from "./drafts/preview-page.ts";
export type { OwnerConfig } from "./owner-config.ts";
export { readOwnerConfig } from "./owner-config.ts";
export { promptHidden, readFirstLine } from "./password-input.ts";
export { registerOwner } from "./register-owner.ts";
