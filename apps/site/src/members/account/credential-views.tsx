import { useEffect, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { fieldOf, MemberForm } from "../../components/ui/member-form.tsx";
import { fieldIdOf, TextField } from "../../components/ui/text-field.tsx";
import { retryWhenBusy } from "../../lib/retry-when-busy.ts";
import { ACCOUNT_PATH, members } from "../member-clients.ts";
import type { AccountFlow } from "./use-account-flow.ts";

const MIN_PASSWORD_LENGTH = 8;
const PASSWORD_FIELD_ID = fieldIdOf("password");

function EmailField({ autoComplete = "email" }: { autoComplete?: string }) {
  return (
    <TextField name="email" label="E-mail" type="email" autoComplete={autoComplete} required />
  );
}

function SwitchTo({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button variant="ghost" size="sm" className="px-2 text-accent" onClick={onClick}>
      {label}
    </Button>
  );
}

/** The browser offers this site's passkeys in the e-mail field's suggestions while it is shown. */
function usePasskeyAutofill(flow: AccountFlow) {
  useEffect(() => {
    let live = true;
    import("./passkey-calls.ts")
      .then((calls) => calls.signInWithPasskey(true))
      .then(
        (result) => {
          if (live && result !== null) void flow.follow(Promise.resolve(result));
        },
        // Cancelled, or superseded by the button's sign-in: nothing to say.
        () => {},
      );
    return () => {
      live = false;
    };
  }, [flow.follow]);
}

export function SignInView({ flow }: { flow: AccountFlow }) {
  usePasskeyAutofill(flow);
  const withPasskey = () =>
    flow.attempt(async () => {
      const calls = await import("./passkey-calls.ts");
      const result = await calls.signInWithPasskey();
      if (result !== null) await flow.follow(Promise.resolve(result));
    });
  return (
    <>
      <MemberForm
        label="Sign in"
        submitLabel="Sign in"
        onSubmit={(fields) =>
          flow.follow(
            retryWhenBusy(() =>
              members.login({
                email: fieldOf(fields, "email"),
                password: fieldOf(fields, "password"),
              }),
            ),
          )
        }
      >
        <EmailField autoComplete="username webauthn" />
        <TextField
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          required
        />
      </MemberForm>
      <div className="mt-4">
        <Button variant="outline" onClick={withPasskey}>
          Use a passkey
        </Button>
      </div>
      <div className="mt-6 flex flex-wrap gap-2">
        <SwitchTo label="Create an account" onClick={() => flow.go({ view: "sign-up" })} />
        <SwitchTo
          label="Forgot your password?"
          onClick={() => flow.go({ view: "forgot-password" })}
        />
      </div>
    </>
  );
}

export function SignUpView({ flow }: { flow: AccountFlow }) {
  const [passwordError, setPasswordError] = useState("");
  return (
    <>
      <MemberForm
        label="Create an account"
        submitLabel="Create the account"
        onSubmit={async (fields) => {
          const password = fieldOf(fields, "password");
          if (password.length < MIN_PASSWORD_LENGTH) {
            setPasswordError(`Choose a password of at least ${MIN_PASSWORD_LENGTH} characters.`);
            document.getElementById(PASSWORD_FIELD_ID)?.focus();
            return;
          }
          setPasswordError("");
          await flow.follow(members.register({ email: fieldOf(fields, "email"), password }));
        }}
      >
        <EmailField />
        <TextField
          name="password"
          label="Password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
          error={passwordError}
          required
        />
      </MemberForm>
      <div className="mt-6">
        <SwitchTo label="I have an account: sign in" onClick={() => flow.go({ view: "sign-in" })} />
      </div>
    </>
  );
}

export function ForgotPasswordView({ flow }: { flow: AccountFlow }) {
  return (
    <>
      <MemberForm
        label="Reset your password"
        submitLabel="Send the link"
        onSubmit={(fields) =>
          flow.attempt(async () => {
            const back = `${window.location.origin}${ACCOUNT_PATH}`;
            await members.sendPasswordResetEmail(fieldOf(fields, "email"), back);
            flow.go(
              { view: "sign-in" },
              {
                tone: "info",
                text: "If the address belongs to an account, a link to choose a new password is on its way.",
              },
            );
          })
        }
      >
        <EmailField />
      </MemberForm>
      <div className="mt-6">
        <SwitchTo label="Back to sign in" onClick={() => flow.go({ view: "sign-in" })} />
      </div>
    </>
  );
}
