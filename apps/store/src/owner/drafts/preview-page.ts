/**
 * @module `GET /preview/<secret>`: the real page with every pending change applied, for whoever
 * holds a live preview link, under a "Preview: not published" banner. Never cached, indexed or
 * sent on as a referrer. Attempts are counted per client address before the secret is looked up,
 * so guessing is limited; an unknown, expired or revoked secret answers the same 404 page.
 */
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ItemsStore } from "../../data/index.ts";
import { messagePage } from "../../identity/index.ts";
import { loadSite, pageContentSecurityPolicy, withAutomaticSignIn } from "../../page/index.ts";
import { clientKey } from "../../platform/limits/client-key.ts";
import { contentWithDrafts } from "./draft-content.ts";
import type { DraftsFeature } from "./drafts-feature.ts";

export type PreviewPageOptions = {
  dir: string;
  store: ItemsStore;
  drafts: DraftsFeature;
  /** Whether the owner has a client: the page's automatic "Client sign-in" link, as live. */
  hasClients?: () => boolean;
};

// Pinned to the foot of the window: the site's header is fixed at its top (name, menu, the phone
// menu's button), and the body's extra room keeps the banner off the page's last lines.
const BANNER_STYLE =
  "<style>.store-preview-banner{position:fixed;inset:auto 0 0 0;z-index:2147483647;margin:0;" +
  "padding:.5rem 1rem;background:#92400e;color:#fff;font:600 1rem/1.4 system-ui,sans-serif;" +
  "text-align:center}body{padding-bottom:2.5rem}</style>";
const BANNER = '<p class="store-preview-banner" role="status">Preview: not published</p>';

/** The page with the banner's style in its head and the banner first in its body. */
export function withPreviewBanner(page: string): string {
  const styled = page.includes("</head>")
    ? page.replace("</head>", `${BANNER_STYLE}</head>`)
    : `${BANNER_STYLE}${page}`;
  const body = /<body[^>]*>/i.exec(styled);
  if (body === null) return `${BANNER}${styled}`;
  const at = body.index + body[0].length;
  return `${styled.slice(0, at)}${BANNER}${styled.slice(at)}`;
}

function privateHeaders(reply: FastifyReply): FastifyReply {
  return reply
    .header("cache-control", "no-store")
    .header("x-robots-tag", "noindex")
    .header("referrer-policy", "no-referrer")
    .type("text/html; charset=utf-8");
}

export async function previewPagePlugin(
  app: FastifyInstance,
  options: PreviewPageOptions,
): Promise<void> {
  const site = await loadSite(options.dir);
  const policy = pageContentSecurityPolicy(`${site.template}${BANNER_STYLE}`);

  app.get<{ Params: { secret: string } }>("/preview/:secret", async (request, reply) => {
    const wait = options.drafts.previewAttempts.take(clientKey(request.ip));
    if (wait > 0) {
      return privateHeaders(reply)
        .code(429)
        .header("retry-after", String(wait))
        .send(messagePage("Too many tries", "Too many preview links were tried. Try again later."));
    }
    if (!options.drafts.links.opens(request.params.secret)) {
      return privateHeaders(reply)
        .code(404)
        .send(
          messagePage(
            "This preview is not available",
            "The preview link is unknown, has expired or was withdrawn. Ask the site's owner for a new one.",
          ),
        );
    }
    const content = contentWithDrafts(options.store, options.drafts.store);
    const clients = options.hasClients?.() ?? false;
    const page = withPreviewBanner(
      site.renderPage(site.template, withAutomaticSignIn(content, clients)),
    );
    return privateHeaders(reply).header("content-security-policy", policy).send(page);
  });
}
