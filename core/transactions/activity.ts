import type { Ctx } from '../context';
import { findCurrency } from '../kernel/money';
import { activityOf, type Activity } from './activity-repo';

/** The Overview's activity, each currency's volume with the decimals to print it. */
export type ActivityReport = Omit<Activity, 'volumeByCurrency'> & {
  volumeByCurrency: { currency: { code: string; decimals: number }; amount: number; count: number }[];
};

/** Counts by status and by day, and completed volume by currency, over the last `days` of the workspace clock (the Overview's charts). */
export function transactionActivity(ctx: Ctx, days: number): ActivityReport {
  const a = activityOf(ctx.db, ctx.clock.nowMs(), days);
  return {
    ...a,
    volumeByCurrency: a.volumeByCurrency.map((v) => ({ currency: { code: v.currency, decimals: findCurrency(v.currency)?.decimals ?? 2 }, amount: v.amount, count: v.count })),
  };
}
