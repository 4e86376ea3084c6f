/**
 * @module Reads a password for the CLI: from a terminal without echo, or the first line of
 * piped stdin (`echo "$PW" | npm run store -- owner set-password`).
 */
import type { Readable, Writable } from "node:stream";

export type KeyState = { value: string; done: boolean; cancelled: boolean };

const ENTER = new Set(["\r", "\n"]);
const CANCEL = new Set(["\u0003", "\u0004"]); // Ctrl-C, Ctrl-D
const ERASE = new Set(["\u007f", "\b"]);
const ERASE_LINE = "\u0015"; // Ctrl-U

/** Applies raw terminal input to a hidden line being typed. */
export function applyKeys(state: KeyState, chunk: string): KeyState {
  let value = state.value;
  for (const char of chunk) {
    if (ENTER.has(char)) return { value, done: true, cancelled: false };
    if (CANCEL.has(char)) return { value: "", done: true, cancelled: true };
    if (ERASE.has(char)) value = [...value].slice(0, -1).join("");
    else if (char === ERASE_LINE) value = "";
    else if (char >= " ") value += char;
  }
  return { value, done: false, cancelled: false };
}

export type TtyInput = Readable & { isTTY?: boolean; setRawMode?: (mode: boolean) => unknown };

/** Prompts on `output` and reads one line from a terminal with echo off. Null when cancelled. */
export function promptHidden(
  input: TtyInput,
  output: Writable,
  question: string,
): Promise<string | null> {
  return new Promise((resolve) => {
    let state: KeyState = { value: "", done: false, cancelled: false };
    output.write(question);
    input.setRawMode?.(true);
    input.setEncoding("utf8");
    const onData = (chunk: string) => {
      state = applyKeys(state, chunk);
      if (!state.done) return;
      input.off("data", onData);
      input.setRawMode?.(false);
      input.pause();
      output.write("\n");
      resolve(state.cancelled ? null : state.value);
    };
    input.on("data", onData);
    input.resume();
  });
}

/** The first line of a piped stream, without its line ending. */
export async function readFirstLine(input: Readable): Promise<string> {
  let text = "";
  for await (const chunk of input) {
    text += typeof chunk === "string" ? chunk : Buffer.from(chunk as Uint8Array).toString("utf8");
    if (text.includes("\n")) break;
  }
  return text.split(/\r?\n/, 1)[0] ?? "";
}
