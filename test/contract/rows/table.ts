// The contract suite's table: one row per upstream operation, saying how to build a call that succeeds
// and (when the derived one does not fit) a call that fails, on a seeded workspace. The runner
// (run-rows.ts) sends both over real HTTP and validates each body against the upstream schema.
import type { World } from '../../support/money-path';

/** One request: the path is relative to the versioned base; the method comes from the contract. */
export interface Call {
  path: string;
  /** JSON-encoded unless a string or a FormData. */
  body?: unknown;
  /** Override the Authorization header (null: none). */
  auth?: string | null;
  headers?: Record<string, string>;
}

/** What a row's builders get: the seeded world and a bag the rows of one file share (ids made on the way). */
export interface RowContext {
  w: World;
  state: Record<string, any>;
}

/** How to exercise one upstream operation. */
export interface Row {
  op: string;
  /** A call that the contract answers with a 2xx. */
  ok: (ctx: RowContext) => Call | Promise<Call>;
  /** A call answered with a 4xx the contract lists; derived from `ok` when absent (see run-rows.ts). */
  bad?: (ctx: RowContext) => Call | Promise<Call>;
  /**
   * A success status the spec fixes where the contract lists another (the spec wins): the body is still
   * validated against the contract's schema for its own success status.
   */
  specStatus?: { ours: number; contract: number; why: string };
  /**
   * Why this operation does not yet answer in the contract's shapes. The runner then expects the row to
   * fail (vitest's `it.fails`), so the gap is listed in every run and a fix flips it to a failure that
   * asks for this marker to go.
   */
  knownGap?: string;
}

/** Path-segment encoding of an id. */
export const enc = encodeURIComponent;

/** A well-formed id of a resource that does not exist. */
export function missing(type: string): string {
  return `${type}:019a0000-0000-7000-8000-00000000dead`;
}
