import { createContext } from "react";

/** True while a save runs: fields turn read-only (keeping focus) so no keystroke is dropped unseen. */
export const FormLockContext = createContext(false);
