/** Moved to core/story/ledger-words.ts so the case file (core) and the console tell the same story in the same words. */
export * from '../../core/story/ledger-words';
