// The workbench's hints come from the tables the sandbox runs: what quotes/options says a recipient
// will do is what the lookup and the payment then do.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { invoke, openWorld, type World } from '../support/money-path';

let w: World;
beforeEach(async () => {
  w = await openWorld();
});
afterEach(async () => {
  await w.close();
});

describe('quotes/options', () => {
  it('marks $old.version.usd with the 412 its lookup answers, and $fail.compliance.usd with the COMPLIANCE_REJECTED it fails with', async () => {
    const o = await invoke(w, 'quotes/options', {});
    const old = o.umaRecipients.find((r) => r.umaAddress.startsWith('$old.version.usd@'))!;
    expect(old.refusal).toMatchObject({ status: 412, code: 'UNSUPPORTED_UMA_VERSION' });
    const lookup = await w.api.get(`/receiver/uma/${encodeURIComponent(old.umaAddress)}`);
    expect({ status: lookup.status, code: lookup.body.code, message: lookup.body.message }).toEqual({ status: 412, code: old.refusal!.code, message: old.refusal!.message });

    const compliance = o.umaRecipients.find((r) => r.umaAddress.startsWith('$fail.compliance.usd@'))!;
    expect(compliance.refusal).toBeNull();
    expect(compliance.steps).toEqual([expect.objectContaining({ step: expect.objectContaining({ kind: 'FAIL', failureReason: 'COMPLIANCE_REJECTED' }) })]);
    const delayed = o.destinations.find((d) => d.scenario === 'DELAYED')!;
    expect(delayed.steps).toEqual([{ after: 360, step: { kind: 'COMPLETE' } }]);
  });
});
