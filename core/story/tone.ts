/** The colour family of a status tag (naive-ui's tag types, named here so the story's words can carry a tone without the UI). */
export type StatusTone = 'success' | 'info' | 'warning' | 'error' | 'default';
