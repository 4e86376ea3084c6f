import { StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { CounterButton } from "./counter-button.tsx";

const root = document.getElementById("root");
if (root) {
  hydrateRoot(
    root,
    <StrictMode>
      <CounterButton />
    </StrictMode>,
  );
}
