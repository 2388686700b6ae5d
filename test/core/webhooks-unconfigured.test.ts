// A workspace without a platform configuration (createCore with seed: false on a new file, as the scenario
// runner opens its targets): the webhook pump runs on the turn after the core opens and after every event, and
// must find nobody to deliver to instead of throwing from a timer (which ends the process).
import { afterAll, describe, expect, it } from 'vitest';
import { newCore, removeTempDirs } from '../support/builders';

afterAll(removeTempDirs);

/** Errors nobody caught while `run` was awaited (the pump runs in setImmediate, outside any caller). */
async function uncaughtDuring(run: () => Promise<void>): Promise<unknown[]> {
  const errors: unknown[] = [];
  const hear = (err: unknown) => void errors.push(err);
  process.on('uncaughtException', hear);
  try {
    await run();
    // One more turn: an error thrown by the last pump is delivered after its immediate.
    await new Promise((r) => setImmediate(r));
  } finally {
    process.off('uncaughtException', hear);
  }
  return errors;
}

describe('webhooks in a workspace without platform configuration', () => {
  it('the pump has nothing to send: nothing thrown, no delivery, the event still reaches a listener', async () => {
    const core = newCore({ seed: false });
    const { ctx, platform, webhooks } = core.services;
    expect(platform.exists()).toBe(false);
    const heard: string[] = [];
    const errors = await uncaughtDuring(async () => {
      await webhooks.deliveries.idle();
      const stop = webhooks.deliveries.listen((w) => heard.push(w.type));
      ctx.transaction(() => ctx.events.append('VERIFICATION.APPROVED', 'Verification', 'Verification:1', { id: 'Verification:1' }));
      await webhooks.deliveries.idle();
      stop();
      ctx.transaction(() => ctx.events.append('VERIFICATION.APPROVED', 'Verification', 'Verification:2', { id: 'Verification:2' }));
      await webhooks.deliveries.idle();
    });
    expect(errors).toEqual([]);
    expect(heard).toEqual(['VERIFICATION.APPROVED']);
    expect(webhooks.deliveries.list({ limit: 10 }).data).toEqual([]);
    core.close();
  });
});
