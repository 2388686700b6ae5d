/** Moved to core/story/money-story.ts so the case file (core) and the console tell the same story in the same words. */
export * from '../../core/story/money-story';
