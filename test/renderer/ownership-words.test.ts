// A wallet's ownership in words for support staff: the API's method names only in tooltips.
import { describe, expect, it } from 'vitest';
import { ownershipWords } from '../../renderer/lib/ownership';

const wallet = { accountId: 'ExternalAccount:1', provable: true, methods: ['WALLET_SIGNATURE', 'LIVENESS'] as ('WALLET_SIGNATURE' | 'LIVENESS')[] };

describe('ownershipWords', () => {
  it('reads each state in words and offers the proof step only where it is still missing', () => {
    expect(ownershipWords({ accountId: 'ExternalAccount:2', provable: false, methods: [] })).toMatchObject({ text: 'Not needed', canProve: false });
    expect(ownershipWords(wallet)).toMatchObject({ text: 'Not proven', tone: 'warning', canProve: true });
    const open = ownershipWords({ ...wallet, open: { method: 'LIVENESS', verificationLink: 'https://liveness.sandbox.invalid/session/1', expiresAt: '2026-01-01T00:15:00.000Z' } });
    expect(open).toMatchObject({ text: 'Proof started', canProve: true });
    expect(open.title).toBe('Waiting for the liveness check until 2026-01-01 00:15:00 UTC (open LIVENESS challenge)');
    const proven = ownershipWords({ ...wallet, proven: { method: 'WALLET_SIGNATURE', at: '2026-01-01T00:05:00.000Z' } });
    expect(proven).toMatchObject({ text: 'Proven', tone: 'success', canProve: false });
    expect(proven.title).toBe('Proven by a signature by the wallet’s key on 2026-01-01 00:05:00 UTC (method WALLET_SIGNATURE)');
  });
});
