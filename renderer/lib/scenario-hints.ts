import type { StatusTone } from './status';
import { reasonWords, statusWords } from './failure-words';
import { formatSeconds } from './time';
import { humanize } from './words';

/**
 * The sandbox outcome of a destination, in words, taken only from what `quotes/options` sends for it
 * (the core's outcome table, core/payments/outcomes.ts, as the sandbox runs it). Nothing here knows
 * a scenario by name: a renderer-side copy of the table is exactly how the hints drifted before.
 */

/** One scheduled step of a scenario, as the options handler may send it. */
export interface ScenarioStepFacts {
  after: number;
  step: { kind: string; status?: string; failureReason?: string; refund?: string; outcome?: string };
}

/** What `quotes/options` says about a destination's sandbox outcome. */
export interface ScenarioFacts {
  /** The scenario's name in the core's table, e.g. `RETURNED`. */
  scenario: string;
  description?: string | undefined;
  scenarioDescription?: string | undefined;
  /** An answer the API gives before any money moves (a 412 on the receiver lookup), when the handler sends one. */
  refusal?: { status: number; code: string; message: string } | null | undefined;
  /** The scenario's steps, when the handler sends them. */
  steps?: readonly ScenarioStepFacts[] | undefined;
  /** A failure before any money moves (transfers ending 002, 003), when the handler sends one. */
  immediateFailure?: string | null | undefined;
  /** What the step times count from: a quote's execution (default) or a transfer's creation. */
  startsAt?: 'execution' | 'creation' | undefined;
}

/** A hint for the quote form: a title, a sentence, the tone of the outcome, and the API name for the tooltip. */
export interface ScenarioHint {
  title: string;
  sentence: string;
  tone: StatusTone;
  code: string;
}

const after = (seconds: number, from: string) => (seconds <= 0 ? 'at once' : `about ${formatSeconds(seconds)} after ${from}`);

function stepWords(s: ScenarioStepFacts, previous: number, from: string): { title?: string; sentence: string; tone?: StatusTone } {
  const wait = after(s.after - previous, from).replace(`after ${from}`, 'later');
  const when = previous === 0 ? after(s.after, from) : wait;
  const refunded = (refund?: string) => (refund === 'FAILED' ? 'the refund fails too, so the money goes to suspense' : 'the money is refunded');
  switch (s.step.kind) {
    case 'COMPLETE': return { sentence: `completes ${when}`, title: 'Delivered', tone: 'success' };
    case 'PROCESS': return { sentence: `starts processing ${when}` };
    case 'RETURN': {
      const title = reasonWords(s.step.failureReason ?? 'PAYOUT_RETURNED').title;
      return { title, tone: 'error', sentence: `${title.toLowerCase()} ${when}; ${refunded('COMPLETED')}` };
    }
    case 'FAIL': {
      const status = statusWords(s.step.status ?? 'FAILED', 'OUTGOING');
      if (!s.step.failureReason) return { title: status.title, tone: status.tone, sentence: `${s.step.status === 'REFUNDED' ? 'is cancelled' : 'fails'} ${when}; ${refunded(s.step.refund)}` };
      const title = reasonWords(s.step.failureReason).title;
      return { title, tone: 'error', sentence: `fails ${when}: ${title.toLowerCase()}; ${refunded(s.step.refund)}` };
    }
    case 'REFUND_SETTLE': return { sentence: `the refund ${s.step.outcome === 'FAILED' ? 'fails' : 'settles'} ${when}` };
    default: return { sentence: `${humanize(s.step.kind).toLowerCase()} ${when}` };
  }
}

/** The form's hint for a destination, from the options handler's data only. */
export function scenarioHint(o: ScenarioFacts): ScenarioHint {
  if (o.refusal) {
    return { title: `Refused before any money moves (${o.refusal.status})`, sentence: o.refusal.message, tone: 'error', code: o.refusal.code };
  }
  if (o.immediateFailure) {
    const title = reasonWords(o.immediateFailure).title;
    return { title, tone: 'error', sentence: `Fails at once: ${title.toLowerCase()}; no money moves.`, code: o.scenario };
  }
  if (o.steps?.length) {
    const from = o.startsAt === 'creation' ? 'the transfer is made' : 'execution';
    let previous = 0;
    let title = 'Delivered';
    let tone: StatusTone = 'success';
    const parts = o.steps.map((s) => {
      const w = stepWords(s, previous, from);
      previous = s.after;
      if (w.title) title = w.title;
      if (w.tone) tone = w.tone;
      return w.sentence;
    });
    const sentence = parts.join(', then ');
    return { title, tone, sentence: `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}.`, code: o.scenario };
  }
  const description = o.description ?? o.scenarioDescription ?? '';
  return { title: humanize(o.scenario), sentence: description ? `${description.replace(/\.$/, '')}.` : '', tone: 'default', code: o.scenario };
}
