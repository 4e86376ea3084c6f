import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { AdminApp } from "./admin-app.tsx";
import "./admin.css";

const root = document.getElementById("admin-root");
if (!root) throw new Error("Missing #admin-root element");
createRoot(root).render(
  <StrictMode>
    <AdminApp />
  </StrictMode>,
);
