// The table is whole: every operation of the upstream contract has exactly one row, and no row names an
// operation the contract lacks (a newer fixture with a new operation fails here until someone adds its row).
import { describe, expect, it } from 'vitest';
import { UpstreamContract } from './upstream';
import { agentRows } from './rows/agents';
import { cardRows } from './rows/cards';
import { customerRows } from './rows/customers';
import { moneyRows } from './rows/money';
import { scaRows } from './rows/sca';
import { walletRows } from './rows/wallet';

describe('the contract table', () => {
  it('has one row per upstream operation, and only those', () => {
    const rows = [...customerRows, ...moneyRows, ...walletRows, ...agentRows, ...cardRows, ...scaRows].map((r) => r.op);
    const operations = [...new UpstreamContract().operations.keys()];
    expect(rows.filter((op, i) => rows.indexOf(op) !== i), 'operations with two rows').toEqual([]);
    expect(operations.filter((op) => !rows.includes(op)), 'operations without a row').toEqual([]);
    expect(rows.filter((op) => !operations.includes(op)), 'rows of no upstream operation').toEqual([]);
  });
});
