import {
  type PageContent,
  type RenderPage,
  selectServices,
  selectSettings,
} from "@consultant/site-content";
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { App } from "./app.tsx";
import { PAGE_CONTENT_ID, serializePageContent } from "./content/embed-content.ts";
import { replaceHeadTags } from "./seo/head-region.ts";
import { renderHeadTags } from "./seo/head-tags.ts";
import { siteConfig } from "./site.config.ts";

export type { PageContent } from "@consultant/site-content";

const APP_PLACEHOLDER = "<!--app-html-->";

/**
 * The full HTML document: head tags from the stored settings, server-rendered app in #root,
 * content embedded for hydration.
 */
export const renderPage: RenderPage = (template: string, content: PageContent): string => {
  const appHtml = renderToString(
    <StrictMode>
      <App content={content} />
    </StrictMode>,
  );
  const contentScript = `<script id="${PAGE_CONTENT_ID}" type="application/json">${serializePageContent(content, appHtml)}</script>`;
  const settings = selectSettings(content.SiteSettings, siteConfig);
  const headTags = renderHeadTags(settings, selectServices(content.Services));
  const html = replaceHeadTags(template, headTags).replace(APP_PLACEHOLDER, () => appHtml);
  return html.includes("</body>")
    ? html.replace("</body>", () => `${contentScript}\n  </body>`)
    : `${html}${contentScript}`;
};

/** The booking pages' document (`/book`), rendered by the store from its view. */
export { renderBookingPage } from "./booking/render-booking.tsx";
