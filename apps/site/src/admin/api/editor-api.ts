/**
 * The editor's way to the store: the content client, over a `fetch` that carries the owner's
 * session cookie and, on writes, its CSRF token. Saves go through the data-items protocol
 * (`items.insert/update/remove`, with a `condition` on the loaded `_updatedDate`); the session,
 * reads, preview and history are the owner's routes under `/admin/api`, sent with `call`.
 */
import { type ContentClient, createContentClient } from "@consultant/content-client";
import type { ItemData } from "@consultant/site-content";
import type {
  AccountSession,
  AccountSessions,
  AccountSignIns,
  AuditPage,
  Collaborator,
  Collaborators,
  ContactMessage,
  ContactMessageChanged,
  ContactMessages,
  HistoryPage,
  HistoryVersion,
  MemberSettings,
  MemberSettingsChanged,
  MemberSummary,
  MembersPage,
  MessageStatus,
  Passkey,
  Passkeys,
  RecoveryCodes,
  SecondFactorStep,
  SessionState,
  SignInEntry,
  TotpEnrolment,
} from "@consultant/site-content/wire";
import { retryWhenBusy } from "../../lib/retry-when-busy.ts";
import type { MemberAction, PasskeyChallenge, PictureSlot } from "./editor-types.ts";
import { uploadErrorOf } from "./upload-error.ts";

export * from "./editor-types.ts";
export { UploadError } from "./upload-error.ts";
export type { HistoryPage, HistoryVersion, MemberSummary };

const CSRF_HEADER = "x-csrf-token";
const UNAUTHORIZED = 401;

export type EditorApiOptions = {
  /** The network; tests pass one backed by the store in-process. */
  fetch?: typeof fetch;
  /** Called when the store answers 401 while a session was open (it ended elsewhere or idled out). */
  onSessionEnded?: () => void;
};

export type EditorApi = ReturnType<typeof createEditorApi>;

export function createEditorApi({ fetch: network, onSessionEnded }: EditorApiOptions = {}) {
  let csrfToken = "";

  const sessionFetch: typeof fetch = async (input, init = {}) => {
    const headers = new Headers(init.headers);
    if ((init.method ?? "GET") !== "GET" && csrfToken) headers.set(CSRF_HEADER, csrfToken);
    const send = network ?? globalThis.fetch;
    const response = await send(input, { ...init, headers, credentials: "same-origin" });
    if (response.status === UNAUTHORIZED && csrfToken) onSessionEnded?.();
    return response;
  };
  const client: ContentClient = createContentClient({
    fetch: sessionFetch,
    authorization: "fetch",
  });
  const { call } = client;

  function remember(state: SessionState): SessionState {
    csrfToken = state.signedIn ? state.csrfToken : "";
    return state;
  }

  const path = (...parts: (string | number)[]) =>
    `/admin/api/${parts.map((part) => encodeURIComponent(part)).join("/")}`;

  return {
    /** Data-item calls as the signed-in owner (admin). */
    items: client.items,
    /** The store's other routes as the owner (the Files panel's `/files/v1`). */
    call,
    /** A `fetch` carrying the owner's session and CSRF token (file uploads). */
    sessionFetch,

    async session(): Promise<SessionState> {
      return remember(await call<SessionState>({ method: "GET", path: path("session") }));
    },

    /** The owner signs in without `email`; a collaborator with theirs. */
    async signIn(password: string, email = ""): Promise<SessionState | SecondFactorStep> {
      const body = email.trim() === "" ? { password } : { password, email: email.trim() };
      const answer = await retryWhenBusy(() =>
        call<SessionState | SecondFactorStep>({ method: "POST", path: path("sign-in"), body }),
      );
      return "secondFactorRequired" in answer ? answer : remember(answer);
    },

    async signInCode(stateToken: string, code: string): Promise<SessionState> {
      return remember(
        await call<SessionState>({
          method: "POST",
          path: path("sign-in", "code"),
          body: { stateToken, code },
        }),
      );
    },

    /** WebAuthn request options: any passkey, or with `stateToken` the second step's account's. */
    passkeyOptions(stateToken?: string): Promise<PasskeyChallenge> {
      const body = stateToken === undefined ? {} : { stateToken };
      return call({ method: "POST", path: path("sign-in", "passkey", "options"), body });
    },

    async signInPasskey(challenge: string, credential: unknown, stateToken?: string) {
      const body = { challengeId: challenge, credential, ...(stateToken ? { stateToken } : {}) };
      return remember(
        await call<SessionState>({ method: "POST", path: path("sign-in", "passkey"), body }),
      );
    },

    async passkeys(): Promise<Passkey[]> {
      const body = await call<Passkeys>({
        method: "GET",
        path: path("account", "passkeys"),
      });
      return body.passkeys;
    },

    passkeyRegistration(): Promise<PasskeyChallenge> {
      return call({ method: "POST", path: path("account", "passkeys", "options"), body: {} });
    },

    async addPasskey(challengeId: string, credential: unknown, name: string): Promise<void> {
      const body = { challengeId, credential, ...(name.trim() ? { name: name.trim() } : {}) };
      await call({ method: "POST", path: path("account", "passkeys"), body });
    },

    async renamePasskey(id: string, name: string): Promise<void> {
      await call({ method: "PATCH", path: path("account", "passkeys", id), body: { name } });
    },

    async removePasskey(id: string): Promise<void> {
      await call({ method: "DELETE", path: path("account", "passkeys", id) });
    },

    async requestReset(email: string): Promise<void> {
      await call({ method: "POST", path: path("reset-request"), body: { email } });
    },

    /** Sets a password with a mailed reset or invitation link. */
    async reset(token: string, password: string): Promise<void> {
      await call({ method: "POST", path: path("reset"), body: { token, password } });
    },

    async signOutEverywhere(): Promise<void> {
      await call({ method: "POST", path: path("sign-out-everywhere"), body: {} });
      csrfToken = "";
    },

    /**
     * Starts setting up TOTP; `proof` is the current code while a factor is on, and the password
     * when the sign-in is older than 10 minutes.
     */
    startTotp(proof: { code?: string; password?: string } = {}): Promise<TotpEnrolment> {
      return call<TotpEnrolment>({
        method: "POST",
        path: path("account", "second-factor", "start"),
        body: proof,
      });
    },

    async confirmTotp(enrolmentToken: string, code: string): Promise<string[]> {
      const body = await call<RecoveryCodes>({
        method: "POST",
        path: path("account", "second-factor", "confirm"),
        body: { enrolmentToken, code },
      });
      return body.recoveryCodes;
    },

    /** Turns TOTP off with its current code (or a recovery code), and the password if asked. */
    async disableTotp(code: string, password = ""): Promise<void> {
      const body = password === "" ? { code } : { code, password };
      await call({ method: "POST", path: path("account", "second-factor", "off"), body });
    },

    async setEmail(email: string, password: string): Promise<void> {
      await call({ method: "PUT", path: path("account", "email"), body: { email, password } });
    },

    async collaborators(): Promise<Collaborator[]> {
      const body = await call<Collaborators>({
        method: "GET",
        path: path("collaborators"),
      });
      return body.collaborators;
    },

    async invite(email: string): Promise<void> {
      await call({ method: "POST", path: path("collaborators"), body: { email } });
    },

    async removeCollaborator(id: string): Promise<void> {
      await call({ method: "DELETE", path: path("collaborators", id) });
    },

    /** The first password, and the owner's address for every notice. */
    async setup(token: string, password: string, email = ""): Promise<SessionState> {
      return remember(
        await call<SessionState>({
          method: "POST",
          path: path("setup"),
          body: email === "" ? { token, password } : { token, password, email },
        }),
      );
    },

    async signOut(): Promise<void> {
      await call({ method: "POST", path: path("sign-out"), body: {} });
      csrfToken = "";
    },

    /** Every item of a collection, system fields included (dates as `{ "$date": iso }`). */
    async collectionItems(collectionId: string): Promise<ItemData[]> {
      const body = await call<{ items: ItemData[] }>({
        method: "GET",
        path: path("collections", collectionId, "items"),
      });
      return body.items;
    },

    /** The real page rendered with `items` in place of the collection's; nothing is saved. */
    preview(collectionId: string, items: ItemData[]): Promise<string> {
      return call<string>({
        method: "POST",
        path: path("preview"),
        body: { collectionId, items },
        responseType: "text",
      });
    },

    history(collectionId: string, itemId: string, before?: number): Promise<HistoryPage> {
      const query = before === undefined ? "" : `?before=${before}`;
      return call<HistoryPage>({
        method: "GET",
        path: `${path("history", collectionId, itemId)}${query}`,
      });
    },

    async removed(collectionId: string): Promise<HistoryVersion[]> {
      const body = await call<{ versions: HistoryVersion[] }>({
        method: "GET",
        path: path("removed", collectionId),
      });
      return body.versions;
    },

    /**
     * Uploads a picture (the file's bytes as the body); replaces the portrait or the logo, or
     * the client logo `replaceId`, else adds a client logo. Resolves with the stored item.
     * @throws UploadError with the store's message when it refuses the file.
     */
    async uploadPicture(
      slot: PictureSlot,
      alt: string,
      file: Blob,
      replaceId?: string,
    ): Promise<ItemData> {
      // For the draft: the store keeps the files and writes no item (docs in apps/store/docs/drafts.md).
      const query = new URLSearchParams({ slot, alt, draft: "1" });
      if (replaceId !== undefined) query.set("id", replaceId);
      const response = await sessionFetch(`${path("pictures")}?${query}`, {
        method: "POST",
        headers: { "content-type": file.type || "application/octet-stream" },
        body: file,
      });
      if (!response.ok) throw await uploadErrorOf(response);
      return ((await response.json()) as { item: ItemData }).item;
    },

    /** Every member, or those whose e-mail contains `search`; with the members' settings. */
    members(search = ""): Promise<MembersPage> {
      const query = search.trim() === "" ? "" : `?search=${encodeURIComponent(search.trim())}`;
      return call<MembersPage>({ method: "GET", path: `${path("members")}${query}` });
    },

    async memberAction(memberId: string, action: MemberAction): Promise<void> {
      await call({ method: "POST", path: path("members", memberId, action), body: {} });
    },

    /** Deletes the member with their sign-ins. */
    async deleteMember(memberId: string): Promise<void> {
      await call({ method: "DELETE", path: path("members", memberId) });
    },

    async setMemberSettings(settings: MemberSettings): Promise<MemberSettings> {
      const body = await call<MemberSettingsChanged>({
        method: "PUT",
        path: path("member-settings"),
        body: settings,
      });
      return body.settings;
    },

    async contactMessages(): Promise<ContactMessage[]> {
      return (
        await call<ContactMessages>({
          method: "GET",
          path: path("contact-messages"),
        })
      ).messages;
    },

    async setMessageStatus(id: string, status: MessageStatus): Promise<ContactMessage> {
      const body = await call<ContactMessageChanged>({
        method: "POST",
        path: path("contact-messages", id, "status"),
        body: { status },
      });
      return body.message;
    },

    async sessions(): Promise<AccountSession[]> {
      const body = await call<AccountSessions>({
        method: "GET",
        path: path("account", "sessions"),
      });
      return body.sessions;
    },

    /** Ends one session (`id`), or every other one (`"others"`). */
    async endSessions(which: string): Promise<void> {
      const tail = which === "others" ? "end-others" : `${encodeURIComponent(which)}/end`;
      await call({ method: "POST", path: `${path("account", "sessions")}/${tail}` });
    },

    async signIns(): Promise<SignInEntry[]> {
      const body = await call<AccountSignIns>({
        method: "GET",
        path: path("account", "sign-ins"),
      });
      return body.signIns;
    },

    audit(before: number | null = null): Promise<AuditPage> {
      const query = before === null ? "" : `?before=${before}`;
      return call<AuditPage>({ method: "GET", path: `${path("audit")}${query}` });
    },

    /**
     * Makes an earlier version current again, if the item is still `expectedUpdatedDate`
     * (null: the item must not exist, for bringing back a deleted one).
     */
    async restore(
      collectionId: string,
      itemId: string,
      versionId: number,
      expectedUpdatedDate: string | null,
    ): Promise<ItemData> {
      const body = await call<{ item: ItemData }>({
        method: "POST",
        path: `${path("history", collectionId, itemId)}/restore`,
        body: { versionId, expectedUpdatedDate },
      });
      return body.item;
    },
  };
}
