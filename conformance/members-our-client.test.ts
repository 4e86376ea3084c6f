import { describe, expect, it } from "vitest";
import { PASSWORD, useMemberSuite } from "./harness/member-suite.ts";

// Our member client's calls the official SDK has no twin for, against the real store.
const { suite, newEmail, ourClient, mailedCode, signedIn } = useMemberSuite();

describe("our client's other identity calls against the real store", () => {
  it("changePassword lets a signed-in member log in with the new password only", async () => {
    const email = newEmail("change");
    const ours = await signedIn(email);

    await ours.members.changePassword("another long passphrase");

    await expect(
      ourClient().members.login({ email, password: "another long passphrase" }),
    ).resolves.toMatchObject({ loginState: "SUCCESS" });
    await expect(ourClient().members.login({ email, password: PASSWORD })).resolves.toMatchObject({
      loginState: "FAILURE",
      errorCode: "invalidPassword",
    });
  });

  it("changePassword is refused to a visitor", async () => {
    await expect(ourClient().members.changePassword("whatever passphrase")).rejects.toMatchObject({
      name: "HttpError",
    });
  });

  it("validateEmail tells a well-formed address from a malformed one", async () => {
    const ours = ourClient();

    await expect(ours.members.validateEmail("someone@example.com")).resolves.toMatchObject({
      valid: true,
    });
    await expect(ours.members.validateEmail("not an address")).resolves.toMatchObject({
      valid: false,
    });
  });

  it("resendVerificationCode mails a new code that verifies the sign-up", async () => {
    const email = newEmail("resend");
    const ours = ourClient();
    await ours.members.register({ email, password: PASSWORD });
    await mailedCode(email);

    suite.clock.ms += 61_000; // past the store's resend cool-down
    await ours.members.resendVerificationCode();
    const resent = await suite.mail.waitFor(email, /verification code is \d{6}/, { skip: 1 });
    const code = /verification code is (\d{6})/.exec(resent.text)?.[1] ?? "";

    await expect(
      ours.members.processVerification({ verificationCode: code }),
    ).resolves.toMatchObject({ loginState: "SUCCESS" });
  });

  it("sendActivationEmail with the API key mails a link that sets a first password", async () => {
    const email = newEmail("activate");
    const ours = ourClient();
    const { identity } = await ours.members.signOn(email, suite.store.apiKey);

    await ours.members.sendActivationEmail(identity._id, suite.store.apiKey);
    const message = await suite.mail.waitFor(email, /reset-password\?token=/);
    const token = decodeURIComponent(
      /reset-password\?token=([^\s&]+)/.exec(message.text)?.[1] ?? "",
    );
    await ours.members.recover(token, "a first passphrase");

    await expect(
      ourClient().members.login({ email, password: "a first passphrase" }),
    ).resolves.toMatchObject({ loginState: "SUCCESS" });
  });

  it("sendActivationEmail is refused without the API key", async () => {
    const email = newEmail("no-key");
    const { identity } = await ourClient().members.signOn(email, suite.store.apiKey);

    await expect(
      ourClient().members.sendActivationEmail(identity._id, "not-the-key"),
    ).rejects.toMatchObject({ name: "HttpError" });
  });
});
