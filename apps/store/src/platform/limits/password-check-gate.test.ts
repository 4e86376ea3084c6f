import { expect, test } from "vitest";
import { ApiError } from "../errors.ts";
import { createPasswordCheckGate } from "./password-check-gate.ts";
import { createSemaphore } from "./semaphore.ts";

const clock = { ms: 0 };
const WINDOW_MS = 60_000;

function gateOf(limit = 1) {
  const semaphore = createSemaphore(limit);
  return {
    semaphore,
    gate: createPasswordCheckGate(semaphore, { now: () => clock.ms, windowMs: WINDOW_MS }),
  };
}

const claim = (address: string, account: string | null, trusted = false) => ({
  address,
  account,
  trusted,
});

async function busyOf(entering: Promise<unknown>): Promise<string | undefined> {
  try {
    await entering;
    return undefined;
  } catch (error) {
    return error instanceof ApiError ? error.code : String(error);
  }
}

test("a free slot is taken at once, by anyone", async () => {
  const { gate } = gateOf();
  const stranger = claim("203.0.113.1", "eve@example.com");
  gate.failed(stranger);
  gate.failed(stranger);
  const release = await gate.enter(stranger);
  release();
});

test("while the capacity is taken, a caller who has been failing is refused and one who has not waits its turn", async () => {
  const { gate, semaphore } = gateOf();
  const guesser = claim("203.0.113.1", "victim@example.com");
  gate.failed(guesser);
  gate.failed(guesser);
  const held = await gate.enter(claim("198.51.100.9", null));
  expect(await busyOf(gate.enter(claim("203.0.113.1", "other@example.com")))).toBe("SIGN_IN_BUSY");
  expect(await busyOf(gate.enter(claim("203.0.113.99", "victim@example.com")))).toBe(
    "SIGN_IN_BUSY",
  );
  const member = gate.enter(claim("192.0.2.5", "ada@example.com"));
  expect(semaphore.waiting).toBe(1);
  held();
  (await member)();
  expect(semaphore.inUse).toBe(0);
});

test("a browser with the account's device cookie waits even where its address and account have been failing", async () => {
  const { gate } = gateOf();
  const guesser = claim("203.0.113.1", "ada@example.com");
  gate.failed(guesser);
  gate.failed(guesser);
  const held = await gate.enter(claim("198.51.100.9", null));
  const known = gate.enter(claim("203.0.113.1", "ada@example.com", true));
  held();
  (await known)();
});

test("an address (an IPv6 /64 as one) waits for two checks at most, an account for one", async () => {
  const { gate } = gateOf();
  const held = await gate.enter(claim("198.51.100.9", null));
  const waiting = [
    gate.enter(claim("2001:db8:1:2::1", "a@example.com")),
    gate.enter(claim("2001:db8:1:2::2", "b@example.com")),
  ];
  expect(await busyOf(gate.enter(claim("2001:db8:1:2::3", "c@example.com")))).toBe("SIGN_IN_BUSY");
  expect(await busyOf(gate.enter(claim("192.0.2.2", "a@example.com")))).toBe("SIGN_IN_BUSY");
  held();
  for (const wait of waiting) (await wait)();
});

test("failures are forgotten after the window", async () => {
  const { gate, semaphore } = gateOf();
  const guesser = claim("203.0.113.1", "ada@example.com");
  gate.failed(guesser);
  gate.failed(guesser);
  clock.ms += WINDOW_MS + 1;
  const held = await gate.enter(claim("198.51.100.9", null));
  const back = gate.enter(guesser);
  expect(semaphore.waiting).toBe(1);
  held();
  (await back)();
});

test("a waiter whose account fails meanwhile is turned away unchecked; a right password clears the marks", async () => {
  const { gate, semaphore } = gateOf();
  const held = await gate.enter(claim("198.51.100.9", null));
  const first = claim("203.0.113.1", "ada@example.com");
  const waiting = gate.enter(claim("203.0.113.2", "ada@example.com"));
  gate.failed(first);
  held();
  expect(await busyOf(waiting)).toBe("SIGN_IN_BUSY");
  expect(semaphore.inUse).toBe(0);
  gate.succeeded(first);
  const again = await gate.enter(claim("198.51.100.9", null));
  const back = gate.enter(claim("203.0.113.2", "ada@example.com"));
  expect(semaphore.waiting).toBe(1);
  again();
  (await back)();
});
