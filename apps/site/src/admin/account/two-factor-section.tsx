import { type FormEvent, useState } from "react";
import { useAnnounce } from "../../components/ui/announcer.tsx";
import { Button } from "../../components/ui/button.tsx";
import type { EditorApi, TotpEnrolment } from "../api/editor-api.ts";
import { errorMessage, isOldSignIn, needsPassword } from "../api/store-errors.ts";
import { EmailField } from "../auth/email-field.tsx";
import { TWO_FACTOR_TARGET } from "../editor/use-selected-section.ts";

const PASSWORD_ASKED =
  "Enter your password to confirm it is you: you signed in more than 10 minutes ago.";

export type TwoFactorSectionProps = {
  api: EditorApi;
  on: boolean;
  onChange: (on: boolean) => void;
};

/**
 * Two-step verification: set up (QR code or key, then a code), recovery codes, turn off with a
 * code. A sign-in older than 10 minutes is asked for the password first (the store's rule for
 * changing the factor, so a borrowed session cannot swap it).
 */
export function TwoFactorSection({ api, on, onChange }: TwoFactorSectionProps) {
  const announce = useAnnounce();
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState("");
  const [password, setPassword] = useState("");
  const [askPassword, setAskPassword] = useState(false);
  /** The error belongs to the password field (asked for, or wrong), not the code's. */
  const [passwordError, setPasswordError] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);

  async function run(step: () => Promise<void>) {
    if (pending) return;
    setPending(true);
    setError(undefined);
    setPasswordError(false);
    try {
      await step();
    } catch (caught) {
      if (needsPassword(caught)) {
        setAskPassword(true);
        setPasswordError(true);
      }
      setError(isOldSignIn(caught) ? PASSWORD_ASKED : errorMessage(caught));
    } finally {
      setPending(false);
    }
  }

  const passwordProof = () => (askPassword && password !== "" ? { password } : {});

  function start(event?: FormEvent) {
    event?.preventDefault();
    void run(async () => {
      setCodes(null);
      setEnrolment(await api.startTotp(passwordProof()));
      setPassword("");
    });
  }

  function confirm(event: FormEvent) {
    event.preventDefault();
    if (enrolment === null) return;
    void run(async () => {
      setCodes(await api.confirmTotp(enrolment.enrolmentToken, code.trim()));
      setEnrolment(null);
      setCode("");
      onChange(true);
      announce("Two-step verification is on.");
    });
  }

  function turnOff(event: FormEvent) {
    event.preventDefault();
    void run(async () => {
      await api.disableTotp(code.trim(), askPassword ? password : "");
      setCode("");
      setPassword("");
      setCodes(null);
      onChange(false);
      announce("Two-step verification is off.");
    });
  }

  const passwordField = askPassword ? (
    <EmailField
      id="totp-password"
      label="Your password (you signed in more than 10 minutes ago)"
      type="password"
      inputMode="text"
      autoComplete="current-password"
      value={password}
      onChange={setPassword}
      error={passwordError ? error : undefined}
    />
  ) : null;

  return (
    <div className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4">
      <h3 id={TWO_FACTOR_TARGET} className="font-semibold">
        Two-step verification
      </h3>
      <p className="text-sm">
        {on
          ? "On: signing in asks for a code from your authenticator app after the password."
          : "Off: the password alone signs you in."}
      </p>
      {codes !== null ? (
        <div className="flex flex-col gap-2">
          <p className="text-sm font-semibold">
            Your recovery codes. Keep them somewhere safe: each signs you in once without the app.
          </p>
          <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-1 font-mono text-sm">
            {codes.map((recovery) => (
              <li key={recovery}>{recovery}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {!on && enrolment === null && askPassword ? (
        <form noValidate onSubmit={start} className="flex flex-col gap-3">
          {passwordField}
          <Button type="submit" size="xs" variant="primary" aria-disabled={pending}>
            Set up two-step verification
          </Button>
        </form>
      ) : null}
      {!on && enrolment === null && !askPassword ? (
        <Button size="xs" variant="primary" onClick={() => start()} aria-disabled={pending}>
          Set up two-step verification
        </Button>
      ) : null}
      {enrolment !== null ? (
        <form noValidate onSubmit={confirm} className="flex flex-col gap-3">
          <p className="text-sm">
            Scan the code with your authenticator app, or type the key into it; then enter the
            6-digit code it shows.
          </p>
          <img
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qrSvg)}`}
            alt="QR code for your authenticator app"
            className="size-44 rounded bg-white"
          />
          <p className="text-sm">
            Key: <code className="rounded bg-paper px-1 font-mono">{enrolment.manualKey}</code>
          </p>
          <EmailField
            id="totp-enrol-code"
            label="Code from the app"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={setCode}
            error={error}
          />
          <Button type="submit" size="xs" variant="primary" aria-disabled={pending}>
            Turn on
          </Button>
        </form>
      ) : null}
      {on ? (
        <form noValidate onSubmit={turnOff} className="flex flex-col gap-3">
          <EmailField
            id="totp-off-code"
            label="Current code or a recovery code"
            type="text"
            inputMode="text"
            autoComplete="one-time-code"
            value={code}
            onChange={setCode}
            error={passwordError ? undefined : error}
          />
          {passwordField}
          <Button type="submit" size="xs" variant="danger" aria-disabled={pending}>
            Turn off two-step verification
          </Button>
        </form>
      ) : null}
      {error && enrolment === null && !on && !passwordError ? (
        <p role="alert" className="text-sm font-semibold text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
