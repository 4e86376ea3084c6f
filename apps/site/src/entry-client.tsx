import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./app.tsx";
import { readEmbeddedContent } from "./content/embed-content.ts";
import { loadFromStore } from "./content/store-loader.ts";
import { reportWebVitals } from "./lib/report-web-vitals.ts";
import { startAnalyticsWhenLoaded } from "./lib/start-analytics.ts";
import "./index.css";

const root = document.getElementById("root");
if (!root) throw new Error("Missing #root element");

const content = readEmbeddedContent(document);
if (content) {
  // As a transition, hydration is time-sliced: React yields to the browser every few ms instead
  // of hydrating the whole page in one long task (which shows as total blocking time). It starts
  // in a task of its own, apart from evaluating the bundle, so neither task runs long.
  setTimeout(() => {
    startTransition(() => {
      hydrateRoot(
        root,
        <StrictMode>
          <App content={content} />
        </StrictMode>,
      );
    });
  }, 0);
} else {
  createRoot(root).render(
    <StrictMode>
      <App loadCollection={loadFromStore} />
    </StrictMode>,
  );
}

// No report callback: web-vitals is never requested and nothing is sent (docs/architecture.md).
void reportWebVitals();

startAnalyticsWhenLoaded();
