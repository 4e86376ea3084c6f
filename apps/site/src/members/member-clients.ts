/**
 * @module The member pages' clients: member login and data calls sharing one token store, so
 * data calls carry the member's token once signed in (same origin, the store's client id).
 */
import { createContentClient, localStorageTokenStore } from "@consultant/content-client";
import { createMemberAuth } from "@consultant/content-client/members";

const clientId = import.meta.env.VITE_CLIENT_ID ?? "local";
const baseUrl = import.meta.env.VITE_CONTENT_BASE_URL ?? "";
const tokenStore = localStorageTokenStore();
/** The signed-in member's tokens (the security page downloads the export with them). */
export const memberTokenStore = tokenStore;

export const members = createMemberAuth({ tokenStore, clientId, baseUrl });
export const content = createContentClient({ tokenStore, clientId, baseUrl });

/** Where members manage their account (sign in, sign up, sign out). */
export const ACCOUNT_PATH = "/account";
/** Where signed-in members find the resources shared with them. */
export const CLIENT_AREA_PATH = "/client-area";
/** The store's own page for turning on two-step verification (TOTP). */
export const TWO_STEP_SETTINGS_PATH = "/members/account";
