import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { fillHtmlMeta } from "./src/lib/fill-html-meta.ts";
import { siteConfig } from "./src/site.config.ts";

function siteMeta(): Plugin {
  return {
    name: "site-meta",
    transformIndexHtml: (html) => fillHtmlMeta(html, siteConfig),
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), siteMeta()],
  build: {
    // Both builds must agree on asset URLs so the server markup hydrates cleanly.
    assetsInlineLimit: 0,
    copyPublicDir: !isSsrBuild,
  },
}));
