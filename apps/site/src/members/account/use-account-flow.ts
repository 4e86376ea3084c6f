import type { LoginResult } from "@consultant/content-client/members";
import { useCallback, useState } from "react";
import { CLIENT_AREA_PATH, members } from "../member-clients.ts";
import { messageOfError, outcomeOf, type Step } from "./account-steps.ts";

export type Message = { tone: "info" | "error"; text: string };

export type AccountFlow = {
  step: Step;
  message: Message | null;
  go: (step: Step, message?: Message) => void;
  /** Continues after a login result: the next step, a message, or signed in (to the client area). */
  follow: (result: Promise<LoginResult>) => Promise<void>;
  /** Runs a call, showing its failure as a message. */
  attempt: (call: () => Promise<void>) => Promise<void>;
};

/** The account page's state: the current step and the message shown with it. */
export function useAccountFlow(navigate: (path: string) => void): AccountFlow {
  const [step, setStep] = useState<Step>(() =>
    members.loggedIn() ? { view: "signed-in" } : { view: "sign-in" },
  );
  const [message, setMessage] = useState<Message | null>(null);

  const go = useCallback((next: Step, note?: Message) => {
    setStep(next);
    setMessage(note ?? null);
  }, []);

  const attempt = useCallback(async (call: () => Promise<void>) => {
    try {
      await call();
    } catch (error) {
      setMessage({ tone: "error", text: messageOfError(error) });
    }
  }, []);

  const follow = useCallback(
    (result: Promise<LoginResult>) =>
      attempt(async () => {
        const outcome = outcomeOf(await result);
        if (outcome.kind === "error") return setMessage({ tone: "error", text: outcome.message });
        if (outcome.kind === "step") return go(outcome.step);
        // Member tokens through a hidden frame on the store's origin (this page's CSP allows it).
        await members.getMemberTokensForDirectLogin(outcome.sessionToken);
        navigate(CLIENT_AREA_PATH);
      }),
    [attempt, go, navigate],
  );

  return { step, message, go, follow, attempt };
}
