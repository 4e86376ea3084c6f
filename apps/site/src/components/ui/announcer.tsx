import { createContext, type ReactNode, useCallback, useContext, useState } from "react";

const AnnounceContext = createContext<(message: string) => void>(() => {});

/** A polite live region for results that are not otherwise visible (moves, saves). */
export function Announcer({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState("");
  const announce = useCallback((next: string) => {
    // Clearing first makes a repeated message be read again.
    setMessage("");
    requestAnimationFrame(() => setMessage(next));
  }, []);
  return (
    <AnnounceContext.Provider value={announce}>
      {children}
      <div role="status" aria-live="polite" className="sr-only">
        {message}
      </div>
    </AnnounceContext.Provider>
  );
}

export function useAnnounce(): (message: string) => void {
  return useContext(AnnounceContext);
}
