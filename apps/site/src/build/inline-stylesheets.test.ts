import { describe, expect, test } from "vitest";
import { inlineStylesheetLinks } from "./inline-stylesheets.ts";

const files: Record<string, string> = {
  "/assets/index-abc.css": "body{color:red}\n",
  "/assets/tricky.css": 'a::after{content:"</style>"}',
};
const read = (href: string) => files[href];

describe("inlineStylesheetLinks", () => {
  test("replaces a built stylesheet link with its CSS", () => {
    const html =
      '<head><link rel="stylesheet" crossorigin href="/assets/index-abc.css"></head><body></body>';
    expect(inlineStylesheetLinks(html, read)).toBe(
      "<head><style>body{color:red}</style></head><body></body>",
    );
  });

  test("keeps a link it cannot resolve", () => {
    const html = '<link rel="stylesheet" href="https://cdn.example/x.css">';
    expect(inlineStylesheetLinks(html, read)).toBe(html);
  });

  test("leaves other links alone", () => {
    const html = '<link rel="icon" href="/assets/index-abc.css">';
    expect(inlineStylesheetLinks(html, read)).toBe(html);
  });

  test("escapes a closing style tag inside the CSS", () => {
    const html = '<link rel="stylesheet" href="/assets/tricky.css">';
    expect(inlineStylesheetLinks(html, read)).toBe('<style>a::after{content:"<\\/style>"}</style>');
  });
});
