/**
 * @module The page's "Client sign-in" link turns itself on once the owner has a client: while
 * the stored settings item holds no `showClientSignIn` (the owner never touched the switch in
 * Site settings), the page is rendered with it on as soon as one member is active. The owner's
 * own choice, on or off, always wins.
 */
import { type PageContent, SETTINGS_ITEM_ID } from "@consultant/site-content";

/** The content to render: the settings item gains `showClientSignIn: true` when automatic and due. */
export function withAutomaticSignIn(content: PageContent, hasClients: boolean): PageContent {
  if (!hasClients) return content;
  const items = content.SiteSettings;
  const index = Math.max(
    0,
    items.findIndex((item) => item._id === SETTINGS_ITEM_ID),
  );
  const item = items[index];
  if (item === undefined || "showClientSignIn" in item) return content;
  const settings = items.map((each, at) =>
    at === index ? { ...each, showClientSignIn: true } : each,
  );
  return { ...content, SiteSettings: settings };
}

/**
 * Whether the owner has a client, asked at most every `recheckMs` while the answer is no; once
 * yes it stays yes for this process (a page view never pays for the question again).
 */
export function clientPresence(
  hasActiveMember: () => boolean,
  now: () => number,
  recheckMs = 30_000,
): () => boolean {
  let known = false;
  let checkedAt = Number.NEGATIVE_INFINITY;
  return () => {
    if (known || now() - checkedAt < recheckMs) return known;
    checkedAt = now();
    try {
      known = hasActiveMember();
    } catch {
      known = false;
    }
    return known;
  };
}
