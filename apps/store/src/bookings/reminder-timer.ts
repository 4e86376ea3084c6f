/**
 * @module Every node's reminder timer: a pass at start and every `intervalMs` (reminders.ts); a
 * pass still sending when the next is due is not overlapped. The claims make N nodes' passes
 * send each reminder once.
 */
import type { FastifyInstance } from "fastify";
import type { ReminderPass } from "./reminders.ts";

export function registerReminderTimer(
  app: FastifyInstance,
  pass: ReminderPass,
  intervalMs: number,
): void {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  function tick(): void {
    if (running !== null) return;
    running = pass
      .runDue()
      .then(
        () => {},
        (error) => app.log.warn({ err: error }, "reminder pass failed; the next one retries"),
      )
      .finally(() => {
        running = null;
      });
  }
  app.decorate("bookingReminders", pass);
  app.addHook("onReady", async () => {
    tick();
    timer = setInterval(tick, intervalMs);
    timer.unref();
  });
  app.addHook("preClose", async () => {
    if (timer !== null) clearInterval(timer);
    timer = null;
    await running;
  });
}

declare module "fastify" {
  interface FastifyInstance {
    /** This node's reminder pass (its timer runs it; tests may too). */
    bookingReminders: ReminderPass;
  }
}
