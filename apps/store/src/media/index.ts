/**
 * @module The media wing: the owner's pictures, processed into responsive sizes, stored by content hash and served under /media.
 * The other wings import this wing through this face only.
 */
export { backupMediaDir, copyMissingMedia } from "./media-backup.ts";
export type { MediaFiles } from "./media-files.ts";
export { createMediaFiles, mediaDirOf } from "./media-files.ts";
export { mediaRoutes } from "./media-routes.ts";
export { pictureRoutes } from "./picture-routes.ts";
export { seedPictures } from "./seed-pictures.ts";
