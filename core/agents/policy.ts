import { ServiceError } from '../kernel/errors';
import { formatMinor } from '../kernel/money';
import type { AgentPermission, AgentPolicy, AgentUsage } from './schema';

/** Converts an amount between currencies at the current rate (the rates area answers; services.ts plugs it in). */
export type Convert = (amount: number, from: string, to: string) => number;

/** One money movement an agent asks for, as the policy sees it. */
export interface Proposed {
  permission: AgentPermission;
  amount: number;
  currency: string;
  /** Every account the action names (internal and external). */
  accountIds: string[];
}

/** What the policy decided about an allowed action. */
export interface Verdict {
  /** The amount in the policy currency: what the usage counters grow by when it executes. */
  policyAmount: number;
  /** Why the action must wait for the platform (empty: it runs at once). */
  approvalReasons: string[];
}

/** The policy's refusal: 403 FORBIDDEN with `details.rule` naming the rule. */
export function refused(rule: string, message: string, more: Record<string, unknown> = {}): ServiceError {
  return new ServiceError(403, 'FORBIDDEN', message, { rule, ...more });
}

/** Throws 403 unless the policy grants `permission`. */
export function requireAgentPermission(policy: AgentPolicy, permission: AgentPermission): void {
  if (!policy.permissions.includes(permission)) {
    throw refused('PERMISSION', `The agent's policy does not grant ${permission}`, { permission });
  }
}

/** Throws 403 when an account the action names is outside `allowedAccountIds`. */
export function checkAccounts(policy: AgentPolicy, accountIds: string[]): void {
  const allowed = policy.accountRestrictions?.allowedAccountIds;
  if (!allowed) return;
  for (const id of accountIds) {
    if (!allowed.includes(id)) throw refused('ACCOUNT_NOT_ALLOWED', `The agent's policy does not allow account ${id}`, { accountId: id });
  }
}

/**
 * The one judgement of an agent's money movement: permission, accounts, the per-action, per-account,
 * daily, daily-count and monthly limits (each passes at the limit and fails one unit above), then
 * whether it needs approval. Limits are counted in the policy currency; an amount in another currency
 * is converted at the current rate. `usage` must be the counters as they stand now (already reset).
 * `forApproval`: the platform is approving it, so the approval rules no longer apply.
 */
export function judge(policy: AgentPolicy, usage: AgentUsage, p: Proposed, convert: Convert, forApproval = false): Verdict {
  requireAgentPermission(policy, p.permission);
  checkAccounts(policy, p.accountIds);
  const limits = policy.spendingLimits;
  const code = limits.currency;
  const amount = p.currency === code ? p.amount : convert(p.amount, p.currency, code);
  const money = (n: number) => formatMinor(n, code);
  const over = (rule: string, what: string, limit: number, total: number) =>
    refused(rule, `${what}: ${money(total)} would exceed the limit of ${money(limit)}`, { limit, attempted: total, currency: code });
  if (amount > limits.perTransactionLimit) throw over('PER_TRANSACTION_LIMIT', 'Per-transaction limit', limits.perTransactionLimit, amount);
  const rules = (policy.accountRestrictions?.accountRules ?? []).filter((r) => p.accountIds.includes(r.accountId));
  for (const rule of rules) {
    const cap = rule.perTransactionLimit;
    if (cap !== null && cap !== undefined && amount > cap) throw over('ACCOUNT_PER_TRANSACTION_LIMIT', `Per-transaction limit of account ${rule.accountId}`, cap, amount);
  }
  if (limits.dailyLimit !== null && limits.dailyLimit !== undefined && usage.dailySpend + amount > limits.dailyLimit) {
    throw over('DAILY_LIMIT', 'Daily limit', limits.dailyLimit, usage.dailySpend + amount);
  }
  const maxCount = limits.dailyTransactionLimit;
  if (maxCount !== null && maxCount !== undefined && usage.dailyTransactionCount + 1 > maxCount) {
    throw refused('DAILY_TRANSACTION_LIMIT', `Daily transaction limit: ${maxCount} actions a day, ${usage.dailyTransactionCount} already today`, { limit: maxCount, attempted: usage.dailyTransactionCount + 1 });
  }
  if (limits.monthlyLimit !== null && limits.monthlyLimit !== undefined && usage.monthlySpend + amount > limits.monthlyLimit) {
    throw over('MONTHLY_LIMIT', 'Monthly limit', limits.monthlyLimit, usage.monthlySpend + amount);
  }
  const approvalReasons: string[] = [];
  if (!forApproval) {
    if (policy.defaultExecutionMode === 'APPROVAL_REQUIRED') approvalReasons.push('The policy requires approval of every action');
    for (const rule of rules) {
      if (rule.executionMode === 'APPROVAL_REQUIRED') approvalReasons.push(`Actions touching account ${rule.accountId} require approval`);
    }
    const t = policy.approvalThresholds;
    if (t?.amount !== null && t?.amount !== undefined) {
      const tc = t.currency ?? code;
      const inThreshold = p.currency === tc ? p.amount : convert(p.amount, p.currency, tc);
      // Strictly above: an action of exactly the threshold runs at once.
      if (inThreshold > t.amount) approvalReasons.push(`${formatMinor(inThreshold, tc)} is above the approval threshold of ${formatMinor(t.amount, tc)}`);
    }
  }
  return { policyAmount: amount, approvalReasons };
}

/** The UTC day and month of an instant on the workspace clock: the periods usage counters count. */
export function usagePeriod(nowMs: number): { day: string; month: string } {
  const iso = new Date(nowMs).toISOString();
  return { day: iso.slice(0, 10), month: iso.slice(0, 7) };
}

/** Stored counters with the period they belong to. */
export interface StoredUsage {
  dailySpend: number;
  dailyCount: number;
  monthlySpend: number;
  day: string;
  month: string;
}

/**
 * The counters as they stand at `nowMs`. Why computed from the clock instead of a reset job: a
 * counter of a past day or month is zero the instant the workspace clock crosses midnight or the
 * month's end, whether the clock runs, jumps or is advanced, with nothing scheduled that could lag.
 */
export function currentUsage(u: StoredUsage, nowMs: number): AgentUsage {
  const { day, month } = usagePeriod(nowMs);
  const sameMonth = u.month === month;
  const sameDay = sameMonth && u.day === day;
  return {
    dailySpend: sameDay ? u.dailySpend : 0,
    dailyTransactionCount: sameDay ? u.dailyCount : 0,
    monthlySpend: sameMonth ? u.monthlySpend : 0,
    dailyResetDate: day,
    monthlyResetMonth: month,
  };
}
