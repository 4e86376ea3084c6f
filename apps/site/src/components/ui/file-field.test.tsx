import { render, screen } from "@testing-library/react";
import { expect, test } from "vitest";
import { FileField } from "./file-field.tsx";

test("the file picker is labelled, its hint and error read with it, and wears the kit's button", () => {
  render(
    <FileField id="upload" label="Picture file" hint="PNG, at most 8 MB." error="Choose a file" />,
  );
  const input = screen.getByLabelText("Picture file");
  expect(input.getAttribute("type")).toBe("file");
  expect(input.getAttribute("aria-invalid")).toBe("true");
  const described = (input.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .map((id) => document.getElementById(id)?.textContent);
  expect(described).toEqual(["PNG, at most 8 MB.", "Choose a file"]);
  expect(input.className).toContain("file:rounded-full");
});
