import type { OwnershipState } from '../stores/ownership';
import { absoluteTime } from './time';

/** How a proof method reads on screen. */
export const PROOF_METHOD_WORDS: Record<string, string> = {
  WALLET_SIGNATURE: 'a signature by the wallet’s key',
  LIVENESS: 'a liveness check of the holder',
  MICRO_DEPOSITS: 'micro-deposits',
};

/** An account's ownership in words: what the tag says, its colour, its tooltip, and whether a proof step can be offered. */
export function ownershipWords(s: OwnershipState | undefined): { text: string; tone: 'success' | 'warning' | 'default'; title: string; canProve: boolean } {
  if (!s || !s.provable) return { text: 'Not needed', tone: 'default', title: 'Bank accounts are checked by the beneficiary name check, not by an ownership proof', canProve: false };
  if (s.proven) {
    return { text: 'Proven', tone: 'success', title: `Proven by ${PROOF_METHOD_WORDS[s.proven.method] ?? s.proven.method} on ${absoluteTime(s.proven.at)} (method ${s.proven.method})`, canProve: false };
  }
  if (s.open) {
    const waiting = s.open.method === 'LIVENESS' ? 'the liveness check' : 'the customer’s signature';
    return { text: 'Proof started', tone: 'warning', title: `Waiting for ${waiting} until ${absoluteTime(s.open.expiresAt)} (open ${s.open.method} challenge)`, canProve: true };
  }
  return { text: 'Not proven', tone: 'warning', title: 'Nobody has shown yet that the customer controls this wallet (no ownership challenge answered)', canProve: true };
}
