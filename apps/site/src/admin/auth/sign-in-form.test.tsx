import { fireEvent, render, screen } from "@testing-library/react";
import { expect, test, vi } from "vitest";
import { createFakeEditorApi } from "../test-helpers/fake-admin-api.ts";
import { SignInForm } from "./sign-in-form.tsx";

test("a wrong password says so under the field", async () => {
  const { api } = createFakeEditorApi({});
  render(<SignInForm api={api} onSignedIn={() => {}} />);
  const field = screen.getByLabelText("Password");
  fireEvent.change(field, { target: { value: "a wrong password" } });
  fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
  expect(await screen.findByText("Wrong password")).toBeTruthy();
  expect(field.getAttribute("aria-invalid")).toBe("true");
});

test("the right password signs in and clears the field", async () => {
  const { api } = createFakeEditorApi({});
  const onSignedIn = vi.fn();
  render(<SignInForm api={api} onSignedIn={onSignedIn} />);
  const field = screen.getByLabelText("Password") as HTMLInputElement;
  fireEvent.change(field, { target: { value: "the right password" } });
  fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
  await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledOnce());
  expect(field.value).toBe("");
});
