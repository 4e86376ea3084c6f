import { Button, buttonVariants } from "../../components/ui/button.tsx";
import {
  ACCOUNT_PATH,
  CLIENT_AREA_PATH,
  members,
  TWO_STEP_SETTINGS_PATH,
} from "../member-clients.ts";
import { SecurityView } from "./security-view.tsx";
import type { AccountFlow } from "./use-account-flow.ts";

export function SignedInView({
  flow,
  navigate,
}: {
  flow: AccountFlow;
  navigate: (path: string) => void;
}) {
  const signOut = () =>
    flow.attempt(async () => {
      // The local tokens are cleared even when the call fails; the store then ends its sign-in.
      const { logoutUrl } = await members.logout(`${window.location.origin}${ACCOUNT_PATH}`);
      navigate(logoutUrl);
    });
  return (
    <div className="flex flex-col gap-6">
      <p className="text-muted">You are signed in.</p>
      <div className="flex flex-wrap gap-3">
        <a href={CLIENT_AREA_PATH} className={buttonVariants()}>
          Open your client area
        </a>
        <a href={TWO_STEP_SETTINGS_PATH} className={buttonVariants({ variant: "outline" })}>
          Two-step verification
        </a>
        <Button variant="ghost" onClick={signOut}>
          Sign out
        </Button>
      </div>
      <SecurityView />
    </div>
  );
}
