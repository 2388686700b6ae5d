// Payment instructions (core/payments/instructions.ts, shared by quotes and account funding) and the PIX payload
// (core/payments/pix.ts) against the spec's PaymentInstructions variants.
import { describe, expect, it } from 'vitest';
import { collectionAccountType, hasInstantRail, instructionFor, type AccountType, type InstructionRequest } from '../../core/payments/instructions';
import { pixChecksumValid, pixPayload } from '../../core/payments/pix';
import { fundingInstructions } from '../../core/accounts/funding';

const req = (o: Partial<InstructionRequest>): InstructionRequest => ({
  accountType: 'USD_ACCOUNT', currency: 'USD', amount: 12_345, reference: 'QABCDEF1234', seed: 'Quote:0001', platformName: 'Demo Platform', ...o,
});
const info = (o: Partial<InstructionRequest>) => instructionFor(req(o)).accountOrWalletInfo as Record<string, unknown>;

/** EMV TLV fields of a PIX payload (top level), id -> value. */
function tlv(payload: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < payload.length;) {
    const id = payload.slice(i, i + 2);
    const len = Number(payload.slice(i + 2, i + 4));
    out[id] = payload.slice(i + 4, i + 4 + len);
    i += 4 + len;
  }
  return out;
}

describe('payment instructions: bank variants', () => {
  it('USD_ACCOUNT carries instant paymentRails, account and routing numbers, and the quote reference', () => {
    const i = info({});
    expect(i).toMatchObject({ accountType: 'USD_ACCOUNT', reference: 'QABCDEF1234', routingNumber: expect.stringMatching(/^\d{9}$/), accountNumber: expect.stringMatching(/^\d+$/) });
    expect(i['paymentRails']).toEqual(expect.arrayContaining(['RTP']));
    expect(i['paymentRails']).not.toContain('ACH'); // a non-instant method must not fund the quote
    expect(i['paymentRails']).not.toContain('WIRE');
  });

  it('every bank variant except BRL, ARS, COP and INR carries paymentRails and the reference', () => {
    const cases: [AccountType, string][] = [['EUR_ACCOUNT', 'EUR'], ['MXN_ACCOUNT', 'MXN'], ['GBP_ACCOUNT', 'GBP'], ['SGD_ACCOUNT', 'SGD'], ['PHP_ACCOUNT', 'PHP'], ['DKK_ACCOUNT', 'DKK'], ['KES_ACCOUNT', 'KES'], ['XOF_ACCOUNT', 'XOF']];
    for (const [accountType, currency] of cases) {
      const i = info({ accountType, currency });
      expect(i, accountType).toMatchObject({ accountType, reference: 'QABCDEF1234' });
      expect((i['paymentRails'] as string[]).length, accountType).toBeGreaterThan(0);
    }
    expect(info({ accountType: 'MXN_ACCOUNT', currency: 'MXN' })['clabeNumber']).toMatch(/^\d{18}$/);
    expect(info({ accountType: 'EUR_ACCOUNT', currency: 'EUR' })['iban']).toMatch(/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/);
  });

  it('INR_ACCOUNT has no reference field', () => {
    const i = info({ accountType: 'INR_ACCOUNT', currency: 'INR' });
    expect(i['accountType']).toBe('INR_ACCOUNT');
    expect(i).not.toHaveProperty('reference');
    expect(i['paymentRails']).toEqual(['UPI']);
  });

  it('ARS_ACCOUNT accountNumber is a CVU of exactly 22 decimal digits', () => {
    for (const seed of ['Quote:a', 'Quote:b', 'Quote:c']) expect(info({ accountType: 'ARS_ACCOUNT', currency: 'ARS', seed })['accountNumber']).toMatch(/^\d{22}$/);
  });

  it('COP_ACCOUNT carries a paymentUrl', () => {
    const url = String(info({ accountType: 'COP_ACCOUNT', currency: 'COP' })['paymentUrl']);
    expect(url).toMatch(/^https:\/\/\S+$/);
    expect(url).toContain('QABCDEF1234');
  });
});

describe('payment instructions: PIX (BRL_ACCOUNT)', () => {
  it('qrCode is a non-empty PIX payload whose CRC checks, with the amount and the reference', () => {
    const qr = String(info({ accountType: 'BRL_ACCOUNT', currency: 'BRL', amount: 123_456 })['qrCode']);
    expect(qr.length).toBeGreaterThan(0);
    expect(pixChecksumValid(qr)).toBe(true);
    const f = tlv(qr);
    expect(f['00']).toBe('01');
    expect(f['53']).toBe('986'); // BRL
    expect(f['54']).toBe('1234.56');
    expect(f['58']).toBe('BR');
    expect(f['62']).toContain('QABCDEF1234');
    expect(f['26']).toContain('br.gov.bcb.pix');
  });

  it('the checksum check rejects a tampered or truncated payload', () => {
    const qr = pixPayload('key@pix.example', 1000, 'Demo Platform', 'SAO PAULO', 'Q1');
    expect(pixChecksumValid(qr)).toBe(true);
    expect(pixChecksumValid(qr.replace('10.00', '99.00'))).toBe(false);
    expect(pixChecksumValid(qr.slice(0, -1) + (qr.endsWith('0') ? '1' : '0'))).toBe(false);
    expect(pixChecksumValid('6304')).toBe(false);
  });

  it('the CRC is CRC16-CCITT-FALSE over the payload up to and including 6304', () => {
    const crc16 = (text: string) => {
      let crc = 0xffff;
      for (const b of Buffer.from(text, 'utf8')) {
        crc ^= b << 8;
        for (let k = 0; k < 8; k++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
      }
      return crc.toString(16).toUpperCase().padStart(4, '0');
    };
    expect(crc16('123456789')).toBe('29B1'); // the algorithm's published check value
    const qr = pixPayload('123e4567-e12b-12d1-a456-426655440000', 0, 'Fulano de Tal', 'BRASILIA', '***');
    const body = qr.slice(0, -4);
    expect(body.endsWith('6304')).toBe(true);
    expect(qr.slice(-4)).toBe(crc16(body));
  });
});

describe('payment instructions: wallets', () => {
  it('BTC collects on a SPARK_WALLET with assetType BTC, an address and an invoice (LIGHTNING on request)', () => {
    expect(collectionAccountType('BTC')).toBe('SPARK_WALLET');
    expect(collectionAccountType('BTC', 'SPARK')).toBe('SPARK_WALLET');
    expect(collectionAccountType('BTC', 'LIGHTNING')).toBe('LIGHTNING');
    const i = info({ accountType: 'SPARK_WALLET', currency: 'BTC', amount: 50_000 });
    expect(i).toMatchObject({ accountType: 'SPARK_WALLET', assetType: 'BTC', address: expect.stringMatching(/^sp1/), invoice: expect.stringMatching(/^ln/) });
    expect(info({ accountType: 'LIGHTNING', currency: 'BTC' })).toMatchObject({ accountType: 'LIGHTNING', invoice: expect.stringMatching(/^ln/) });
  });

  it('stablecoins collect on the wallet of their network, with the coin as assetType', () => {
    expect(collectionAccountType('USDC', 'SOLANA')).toBe('SOLANA_WALLET');
    expect(collectionAccountType('USDC', 'BASE')).toBe('BASE_WALLET');
    expect(collectionAccountType('USDT', 'ETHEREUM')).toBe('ETHEREUM_WALLET');
    expect(collectionAccountType('USDT', 'POLYGON')).toBe('POLYGON_WALLET');
    expect(collectionAccountType('USDT', 'TRON')).toBe('TRON_WALLET');
    expect(info({ accountType: 'BASE_WALLET', currency: 'USDC' })).toMatchObject({ address: expect.stringMatching(/^0x[0-9]{40}$/), assetType: 'USDC' });
    expect(collectionAccountType('EUR')).toBe('EUR_ACCOUNT');
  });
});

describe('payment instructions: common rules', () => {
  it('only currencies with an instant rail can be funded just in time', () => {
    for (const c of ['USD', 'EUR', 'BRL', 'MXN', 'INR', 'BTC', 'USDC', 'USDT', 'ARS', 'COP']) expect(hasInstantRail(c), c).toBe(true);
    for (const c of ['CAD', 'JPY', 'VND', 'CNY']) expect(hasInstantRail(c), c).toBe(false);
  });

  it('instructions are platform accounts whose notes name the reference', () => {
    const p = instructionFor(req({}));
    expect(p.isPlatformAccount).toBe(true);
    expect(p.instructionsNotes).toContain('QABCDEF1234');
  });

  it('account numbers are deterministic per quote and differ between quotes', () => {
    expect(info({ seed: 'Quote:1' })['accountNumber']).toBe(info({ seed: 'Quote:1' })['accountNumber']);
    expect(info({ seed: 'Quote:1' })['accountNumber']).not.toBe(info({ seed: 'Quote:2' })['accountNumber']);
    expect(info({ accountType: 'ARS_ACCOUNT', currency: 'ARS', seed: 'Quote:1' })['accountNumber']).not.toBe(info({ accountType: 'ARS_ACCOUNT', currency: 'ARS', seed: 'Quote:2' })['accountNumber']);
  });
});

describe('payment instructions: funding an internal account (no amount)', () => {
  it('a BRL account is funded through a PIX code with no amount field, whose CRC checks and which carries the reference', () => {
    const [p] = fundingInstructions('FUND-0A1B2C3D4E', 'BRL', true);
    const qr = String(p!.accountOrWalletInfo.qrCode);
    expect(pixChecksumValid(qr)).toBe(true);
    const f = tlv(qr);
    expect(f).not.toHaveProperty('54');
    expect(f['53']).toBe('986');
    expect(f['62']).toContain('FUND0A1B2C3D4E');
    expect(p!.isPlatformAccount).toBe(true);
  });

  it('bank accounts list every rail of their type (not only the instant ones) and the reference', () => {
    const [usd] = fundingInstructions('FUND-1', 'USD', false);
    expect(usd!.accountOrWalletInfo).toMatchObject({ accountType: 'USD_ACCOUNT', paymentRails: ['ACH', 'WIRE', 'RTP', 'FEDNOW'], reference: 'FUND-1' });
    expect(usd!.isPlatformAccount).toBe(false);
    expect(usd!.instructionsNotes).toContain('FUND-1');
  });

  it('a Spark funding invoice carries no amount', () => {
    const [btc] = fundingInstructions('FUND-2', 'BTC', false);
    expect(btc!.accountOrWalletInfo).toMatchObject({ accountType: 'SPARK_WALLET', assetType: 'BTC', invoice: expect.stringMatching(/^lnbcrt1\d+$/) });
  });

  it('a currency without a local variant is collected by international wire', () => {
    expect(collectionAccountType('JPY')).toBe('SWIFT_ACCOUNT');
    expect(fundingInstructions('FUND-3', 'JPY', false)[0]!.accountOrWalletInfo).toMatchObject({ accountType: 'SWIFT_ACCOUNT', paymentRails: ['SWIFT'], reference: 'FUND-3' });
  });
});
