/** An absolute instant for tooltips, detail panes and the case file, in UTC so everyone reads the same time. */
export function absoluteTime(iso: string): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return iso;
  return `${new Date(t).toISOString().replace('T', ' ').replace(/\.\d{3}Z$/, '')} UTC`;
}
