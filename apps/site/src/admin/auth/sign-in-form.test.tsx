import { configure, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, expect, test, vi } from "vitest";
import {
  OWNER_PASSWORD,
  type StoreInProcess,
  startStoreInProcess,
} from "../test-helpers/store-in-process.ts";
import { SignInForm } from "./sign-in-form.tsx";

// Each test starts the real store and signs in (argon2id), and every save is a few real
// requests: seconds on a busy machine, so the waits are longer than the default second.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 10_000 });

let running: StoreInProcess | undefined;
afterEach(async () => {
  await running?.close();
});

async function signedOutApi() {
  running = await startStoreInProcess();
  return running.createApi();
}

test("a wrong password says so under the field", async () => {
  render(<SignInForm api={await signedOutApi()} onSignedIn={() => {}} />);
  const field = screen.getByLabelText("Password");
  fireEvent.change(field, { target: { value: "a wrong password" } });
  fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
  expect(await screen.findByText("Wrong password")).toBeTruthy();
  expect(field.getAttribute("aria-invalid")).toBe("true");
});

test("the right password signs in and clears the field", async () => {
  const onSignedIn = vi.fn();
  render(<SignInForm api={await signedOutApi()} onSignedIn={onSignedIn} />);
  const field = screen.getByLabelText("Password") as HTMLInputElement;
  fireEvent.change(field, { target: { value: OWNER_PASSWORD } });
  fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
  await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledOnce());
  expect(field.value).toBe("");
});
