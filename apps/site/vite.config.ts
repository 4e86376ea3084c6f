import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { inlineStylesheets } from "./src/build/inline-stylesheets.ts";
import { separateEntries } from "./src/build/separate-entries.ts";
import { fillDefaultHeadTags } from "./src/seo/head-region.ts";
import { siteConfig } from "./src/site.config.ts";

function siteMeta(): Plugin {
  return {
    name: "site-meta",
    // The build-time title and description; the server replaces them with the stored settings.
    transformIndexHtml: (html) => fillDefaultHeadTags(html, siteConfig),
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  // separateEntries: the owner editor (/admin) and the booking page (/book), each built apart
  // from the visitor bundle (the members' pages are the store's own, server-rendered).
  // inlineStylesheets: the page's CSS goes into index.html (no render-blocking request).
  plugins: [
    react(),
    tailwindcss(),
    siteMeta(),
    inlineStylesheets(),
    separateEntries([{ admin: "admin.html" }, { booking: "booking.html" }]),
  ],
  build: {
    // Both builds must agree on asset URLs so the server markup hydrates cleanly.
    assetsInlineLimit: 0,
    // Every browser the site supports preloads modules itself (Chrome 66, Safari 17, Firefox
    // 115); elsewhere a chunk loads when imported, a little later, and nothing breaks. The
    // polyfill cost the page 0.4 KB gz (docs/architecture.md, "Page behaviour", Weight).
    modulePreload: { polyfill: false },
    copyPublicDir: !isSsrBuild,
  },
}));
