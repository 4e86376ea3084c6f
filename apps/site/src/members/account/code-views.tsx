import { Button } from "../../components/ui/button.tsx";
import { fieldOf, MemberForm } from "../../components/ui/member-form.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { members } from "../member-clients.ts";
import type { AccountFlow } from "./use-account-flow.ts";

const CODE_INPUT = {
  inputMode: "numeric",
  autoComplete: "one-time-code",
  required: true,
} as const;

export function VerifyEmailView({ flow }: { flow: AccountFlow }) {
  return (
    <>
      <p className="mb-5 text-muted">We sent a 6-digit code to your e-mail address.</p>
      <MemberForm
        label="Confirm your e-mail"
        submitLabel="Confirm"
        onSubmit={(fields) =>
          flow.follow(
            members.processVerification({ verificationCode: fieldOf(fields, "code").trim() }),
          )
        }
      >
        <TextField name="code" label="Code from the e-mail" {...CODE_INPUT} />
      </MemberForm>
      <div className="mt-6">
        <Button
          variant="ghost"
          size="sm"
          className="px-2 text-accent"
          onClick={() =>
            flow.attempt(async () => {
              await members.resendVerificationCode();
              flow.go(
                { view: "verify-email" },
                { tone: "info", text: "A new code is on its way." },
              );
            })
          }
        >
          Send a new code
        </Button>
      </div>
    </>
  );
}

export function SecondFactorView({ flow, stateToken }: { flow: AccountFlow; stateToken: string }) {
  return (
    <>
      <p className="mb-5 text-muted">
        Enter the code from your authenticator app, or one of your recovery codes.
      </p>
      <MemberForm
        label="Two-step verification"
        submitLabel="Continue"
        onSubmit={(fields) => {
          const code = fieldOf(fields, "code").replace(/\s+/g, "");
          return flow.follow(
            members.verifyFactor({
              factorType: /^\d{6}$/.test(code) ? "TOTP" : "RECOVERY_CODE",
              stateToken,
              code,
            }),
          );
        }}
      >
        <TextField name="code" label="Code" {...CODE_INPUT} inputMode="text" />
      </MemberForm>
    </>
  );
}
