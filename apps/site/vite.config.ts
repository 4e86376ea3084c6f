import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { adminEntry } from "./src/admin/admin-build.ts";
import { fillHtmlMeta } from "./src/lib/fill-html-meta.ts";
import { siteConfig } from "./src/site.config.ts";

function siteMeta(): Plugin {
  return {
    name: "site-meta",
    transformIndexHtml: (html) => fillHtmlMeta(html, siteConfig),
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  // adminEntry: the owner editor (/admin), built separately from the visitor bundle.
  plugins: [react(), tailwindcss(), siteMeta(), adminEntry()],
  build: {
    // Both builds must agree on asset URLs so the server markup hydrates cleanly.
    assetsInlineLimit: 0,
    copyPublicDir: !isSsrBuild,
  },
}));
