import type { PageContent, RenderPage } from "@consultant/site-content";
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { App } from "./app.tsx";
import { PAGE_CONTENT_ID, serializePageContent } from "./content/embed-content.ts";
import { fillHtmlMeta } from "./lib/fill-html-meta.ts";
import { siteConfig } from "./site.config.ts";

export type { PageContent } from "@consultant/site-content";

const APP_PLACEHOLDER = "<!--app-html-->";

/** The full HTML document: server-rendered app in #root, content embedded for hydration. */
export const renderPage: RenderPage = (template: string, content: PageContent): string => {
  const appHtml = renderToString(
    <StrictMode>
      <App content={content} />
    </StrictMode>,
  );
  const contentScript = `<script id="${PAGE_CONTENT_ID}" type="application/json">${serializePageContent(content)}</script>`;
  const html = fillHtmlMeta(template, siteConfig).replace(APP_PLACEHOLDER, () => appHtml);
  return html.includes("</body>")
    ? html.replace("</body>", () => `${contentScript}\n  </body>`)
    : `${html}${contentScript}`;
};
