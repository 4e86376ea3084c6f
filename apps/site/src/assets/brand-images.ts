// Inlined as data URLs (0.3 and 1.5 KB): both are on screen on arrival and the portrait is the
// largest element there, so they paint with the HTML instead of waiting for requests of their own.
export { default as logoUrl } from "./logo.svg?inline";
export { default as portraitUrl } from "./portrait.svg?inline";
