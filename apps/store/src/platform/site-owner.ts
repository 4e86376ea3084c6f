/**
 * @module The owner's id: `_ownerId` of the items the owner (the API key, the editor) creates,
 * and the identity the editor's sessions act as. Every wing that writes or reads ownership uses it.
 */
export const SITE_OWNER_ID = "00000000-0000-0000-0000-000000000000";
