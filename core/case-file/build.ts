import { basename, dirname } from 'node:path';
import type { Services } from '../services';
import { workspaceName } from '../kernel/workspace-file';
import { absoluteTime } from '../story/time-words';
import { callsSection, deliveriesSection, ledgerSection, paymentAccountLabel } from './activity';
import { cardDiagram, cardReconciliationSection, cardStorySection, cardTimelineSection } from './card';
import { caseFacts, type CaseFacts } from './facts';
import { esc, page } from './html';
import { partiesSection, paymentDiagram, paymentKind, paymentStory, storySection, timelineSection } from './payment';

/** The names of the agents whose calls appear in the file, so a call reads `Agent Travel bot`, not an id. */
function agentNames(s: Services, f: CaseFacts): Record<string, string> {
  const out: Record<string, string> = {};
  for (const c of f.apiCalls) {
    if (c.principal?.startsWith('Agent:') && !out[c.principal]) {
      try {
        out[c.principal] = s.agents.get(c.principal).name;
      } catch {
        out[c.principal] = '(deleted)';
      }
    }
  }
  return out;
}

/** The case file's HTML for facts already read (pure: the same facts always make the same file). */
export function caseFileHtml(f: CaseFacts, agents: Readonly<Record<string, string>> = {}): string {
  const kind = f.kind === 'CARD' ? `Card ${f.reconciliation.transaction.direction === 'CREDIT' ? 'credit' : 'payment'}` : paymentKind(f);
  const header = `<header class="top"><span class="sandbox" data-testid="sandbox-note">Sandbox workspace — not a real payment</span>`
    + `<h1>Case file: ${esc(kind)}</h1>`
    + `<p class="meta" data-testid="case-made">${esc(`Workspace “${f.workspace.name}” (platform ${f.workspace.platformName}). Made ${absoluteTime(f.madeAt)} (wall clock); the workspace clock read ${absoluteTime(f.clockAt)}.`)}</p>`
    + `<p class="meta">This file comes from a sandbox workspace of the payments console: no real money moved. It leaves out credentials, signatures, one-time codes and card numbers.</p></header>`;
  const body = f.kind === 'CARD'
    ? [cardStorySection(f), cardReconciliationSection(f), cardDiagram(f), cardTimelineSection(f), ledgerSection(f.ledger, (id) => (id === f.reconciliation.transaction.accountId ? `${f.holder} · funding account` : id.startsWith('edge:card-network:') ? 'Card network (merchant)' : id.startsWith('card-pull:') ? 'Owed by the funding account' : id))]
    : (() => {
      const story = paymentStory(f);
      return [storySection(f, story), partiesSection(f, story), paymentDiagram(f, story), timelineSection(f, agents), ledgerSection(f.ledger, paymentAccountLabel(f.context))];
    })();
  const footer = `<footer>${esc(`Case file of ${f.id}, made by the payments console from sandbox workspace “${f.workspace.name}”. Times are UTC.`)}</footer>`;
  return page(`Case file — ${f.id}`, [header, ...body, deliveriesSection(f.deliveries), callsSection(f.apiCalls, agents, f.moreReads), footer].join('\n'));
}

/** The workspace's name as the Workspaces screen shows it: the name given there, else its folder's. */
export function workspaceDisplayName(s: Services, dbPath: string): string | null {
  return workspaceName(s.ctx.db) ?? (dbPath === ':memory:' ? null : basename(dirname(dbPath)));
}

/** Reads a transaction's facts and makes its case file (400 for a malformed id, 404 for an unknown one). */
export function buildCaseFile(s: Services, dbPath: string, id: string, madeAt: Date = new Date()): string {
  const f = caseFacts(s, workspaceDisplayName(s, dbPath), id, madeAt);
  return caseFileHtml(f, agentNames(s, f));
}
