import { fireEvent, render, screen } from "@testing-library/react";
import { expect, test, vi } from "vitest";
import { OWNER_PASSWORD } from "../test-helpers/store-in-process.ts";
import { storePerTest } from "../test-helpers/store-per-test.ts";
import { LOCKED_OUT_HELP, SignInForm } from "./sign-in-form.tsx";

const startStore = storePerTest();

async function signedOutApi() {
  return (await startStore()).createApi();
}

test("a wrong password says so under the field", async () => {
  render(<SignInForm api={await signedOutApi()} onSignedIn={() => {}} />);
  const field = screen.getByLabelText("Password");
  fireEvent.change(field, { target: { value: "a wrong password" } });
  fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
  expect(await screen.findByText("Wrong password.")).toBeTruthy();
  expect(field.getAttribute("aria-invalid")).toBe("true");
});

test("the password field asks phones for their full keyboard, not the e-mail one", async () => {
  render(<SignInForm api={await signedOutApi()} onSignedIn={() => {}} />);
  const field = screen.getByLabelText("Password");
  expect(field.getAttribute("type")).toBe("password");
  expect(field.hasAttribute("inputmode")).toBe(false);
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

// In a browser that never signed in: one that did keeps its device cookie and is not locked out
// by wrong guesses (docs/security.md, "Device cookies").
test("a locked-out owner is told how to get back in, not only to wait", async () => {
  render(<SignInForm api={(await startStore()).createStrangerApi()} onSignedIn={() => {}} />);
  const field = screen.getByLabelText("Password");
  const button = screen.getByRole("button", { name: "Sign in" });
  for (let attempt = 0; attempt < 6; attempt++) {
    fireEvent.change(field, { target: { value: `wrong ${attempt}` } });
    fireEvent.click(button);
    await vi.waitFor(() =>
      expect((button as HTMLButtonElement).getAttribute("aria-disabled")).not.toBe("true"),
    );
    await screen.findByText(/Wrong password|Too many failed sign-ins/);
  }
  const problem = await screen.findByText(/Too many failed sign-ins/);
  expect(problem.textContent).toContain(LOCKED_OUT_HELP);
  expect(problem.textContent).toContain("owner set-password");
});
