import type { TransactionDetail } from './transactions';
import { absoluteTime } from './time';

/** What the drawer says about a payment still in flight: when it is expected, or what the workspace clock will do next. */
export interface InFlightWords {
  /** `Expected to arrive` or `Next on the workspace clock`. */
  title: string;
  /** The instant it is due, on the workspace clock. */
  at: string;
  /** The sentence under it. */
  sentence: string;
}

const SETTLED = new Set(['COMPLETED', 'FAILED', 'REJECTED', 'REFUNDED', 'EXPIRED']);

/**
 * The in-flight hint of a transaction, from what the console's detail says the workspace clock will still do
 * (`scheduled`, `expectedArrivalAt`); null once nothing is pending. A stopped clock is said plainly: nothing
 * arrives until someone advances it.
 */
export function inFlightWords(d: Pick<TransactionDetail, 'transaction' | 'scheduled' | 'expectedArrivalAt'>, clockMode: string | undefined): InFlightWords | null {
  const next = d.scheduled[0];
  if (!next) return null;
  const frozen = clockMode === 'FROZEN' ? ' The workspace clock is stopped: nothing happens until it is advanced to then.' : '';
  if (d.expectedArrivalAt && !SETTLED.has(d.transaction.status)) {
    return {
      title: 'Expected to arrive', at: d.expectedArrivalAt,
      sentence: `The sandbox settles it at ${absoluteTime(d.expectedArrivalAt)}, workspace time.${frozen}`,
    };
  }
  return { title: 'Next on the workspace clock', at: next.dueAt, sentence: `${next.description} at ${absoluteTime(next.dueAt)}, workspace time.${frozen}` };
}
