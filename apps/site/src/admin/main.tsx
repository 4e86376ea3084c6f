import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import "./admin.css";

const root = document.getElementById("admin-root");
if (!root) throw new Error("Missing #admin-root element");
createRoot(root).render(
  <StrictMode>
    <p className="p-8 text-ink">Editor</p>
  </StrictMode>,
);
