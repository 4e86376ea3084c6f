import { useEffect, useRef } from "react";
import { MemberPage } from "../../components/ui/member-page.tsx";
import { Notice } from "../../components/ui/notice.tsx";
import type { Step } from "./account-steps.ts";
import { SecondFactorView, VerifyEmailView } from "./code-views.tsx";
import { ForgotPasswordView, SignInView, SignUpView } from "./credential-views.tsx";
import { SignedInView } from "./signed-in-view.tsx";
import { type AccountFlow, useAccountFlow } from "./use-account-flow.ts";

const HEADINGS: Record<Step["view"], string> = {
  "sign-in": "Sign in",
  "sign-up": "Create an account",
  "forgot-password": "Forgot your password?",
  "verify-email": "Confirm your e-mail",
  "second-factor": "Two-step verification",
  "awaiting-approval": "Waiting for approval",
  "signed-in": "Welcome back",
};

function StepView({ flow, navigate }: { flow: AccountFlow; navigate: (path: string) => void }) {
  const { step } = flow;
  switch (step.view) {
    case "sign-in":
      return <SignInView flow={flow} />;
    case "sign-up":
      return <SignUpView flow={flow} />;
    case "forgot-password":
      return <ForgotPasswordView flow={flow} />;
    case "verify-email":
      return <VerifyEmailView flow={flow} />;
    case "second-factor":
      return <SecondFactorView flow={flow} stateToken={step.stateToken} />;
    case "awaiting-approval":
      return (
        <p className="text-muted">
          Your account is waiting for the site owner's approval. You can sign in once it is
          approved.
        </p>
      );
    case "signed-in":
      return <SignedInView flow={flow} navigate={navigate} />;
  }
}

/** `/account`: sign in, sign up, confirm the e-mail, reset the password, second factor, sign out. */
export function AccountApp({ navigate }: { navigate: (path: string) => void }) {
  const flow = useAccountFlow(navigate);
  const heading = useRef<HTMLHeadingElement>(null);
  const { step } = flow;
  const shownStep = useRef(step);
  // A new step moves focus to its heading, so keyboard and screen reader users follow along.
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    heading.current?.focus();
  }, [step]);

  return (
    <MemberPage title="Your account">
      <section aria-labelledby="step-heading" className="flex flex-col gap-5">
        <h2
          id="step-heading"
          ref={heading}
          tabIndex={-1}
          className="font-serif text-xl font-semibold text-ink"
        >
          {HEADINGS[flow.step.view]}
        </h2>
        {flow.message ? <Notice tone={flow.message.tone}>{flow.message.text}</Notice> : null}
        <StepView flow={flow} navigate={navigate} />
      </section>
    </MemberPage>
  );
}
