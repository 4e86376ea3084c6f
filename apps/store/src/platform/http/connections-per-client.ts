/** @module CONNECTIONS_PER_CLIENT, read with its default (the cap itself: limits/connection-cap.ts). */

export const DEFAULT_CONNECTIONS_PER_CLIENT = 256;

/**
 * CONNECTIONS_PER_CLIENT: a whole number, 0 for no cap; unset, 256, or 0 behind a trusted proxy.
 * @throws Error with a one-line message when the value is invalid.
 */
export function readConnectionsPerClient(value: string | undefined, behindProxy: boolean): number {
  const text = value?.trim() ?? "";
  if (text === "") return behindProxy ? 0 : DEFAULT_CONNECTIONS_PER_CLIENT;
  if (!/^\d+$/.test(text)) {
    throw new Error(`CONNECTIONS_PER_CLIENT must be a whole number (0 for no cap), got "${value}"`);
  }
  return Number(text);
}
