// The case file is one HTML file a support agent may e-mail to a customer: every value in it comes from
// the workspace (names, descriptors, descriptions a caller typed), so every value goes through `esc`,
// and the page loads nothing (its own CSP forbids it), so it reads the same offline and in ten years.

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe for HTML content and quoted attribute values. */
export function esc(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

/** A table with a header row; cells are already-escaped HTML. */
export function table(testId: string, head: string[], rows: string[][], empty: string): string {
  if (!rows.length) return `<p class="none" data-testid="${esc(testId)}">${esc(empty)}</p>`;
  const th = head.map((h) => `<th scope="col">${esc(h)}</th>`).join('');
  const tr = rows.map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join('')}</tr>`).join('\n');
  return `<table data-testid="${esc(testId)}"><thead><tr>${th}</tr></thead><tbody>\n${tr}\n</tbody></table>`;
}

/** A titled section of the file (kept on one printed page when it fits). */
export function section(testId: string, title: string, body: string, note?: string): string {
  return `<section data-testid="${esc(testId)}"><h2>${esc(title)}</h2>${note ? `<p class="note">${esc(note)}</p>` : ''}${body}</section>`;
}

/** A definition list of label and already-escaped value pairs (rows without a value are left out). */
export function facts(testId: string, pairs: [string, string | undefined][]): string {
  const rows = pairs.filter((p): p is [string, string] => p[1] !== undefined && p[1] !== '');
  return `<dl class="facts" data-testid="${esc(testId)}">${rows.map(([k, v]) => `<div><dt>${esc(k)}</dt><dd>${v}</dd></div>`).join('')}</dl>`;
}

// Light by default and always light on paper; dark on a screen that asks for it.
const CSS = `
:root { color-scheme: light dark; --fg: #1f2328; --muted: #59636e; --bg: #ffffff; --panel: #f6f8fa; --line: #d1d9e0; --accent: #0969da; --good: #1a7f37; --bad: #cf222e; --warn: #9a6700; }
@media screen and (prefers-color-scheme: dark) { :root { --fg: #e6edf3; --muted: #9198a1; --bg: #0d1117; --panel: #161b22; --line: #3d444d; --accent: #4493f8; --good: #3fb950; --bad: #f85149; --warn: #d29922; } }
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--fg); font: 14px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif; }
main { max-width: 1040px; margin: 0 auto; padding: 28px 32px 48px; }
header.top { border-bottom: 2px solid var(--line); padding-bottom: 12px; margin-bottom: 8px; }
h1 { font-size: 22px; margin: 0 0 4px; }
h2 { font-size: 16px; margin: 0 0 8px; }
section { margin: 22px 0; break-inside: avoid-page; }
.sandbox { display: inline-block; padding: 2px 8px; border: 1px solid var(--warn); color: var(--warn); border-radius: 4px; font-size: 12px; font-weight: 600; }
.story p { margin: 4px 0; font-size: 15px; }
.story .headline { font-size: 17px; font-weight: 600; }
.note, .none, .meta { color: var(--muted); font-size: 12px; margin: 2px 0 8px; }
.id { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 12px; overflow-wrap: anywhere; }
.amount { font-variant-numeric: tabular-nums; white-space: nowrap; }
td.num, th.num { text-align: right; }
.neg { color: var(--bad); } .pos { color: var(--good); }
table { width: 100%; border-collapse: collapse; font-size: 13px; }
th { text-align: left; font-weight: 600; color: var(--muted); border-bottom: 1px solid var(--line); padding: 4px 6px; }
td { border-bottom: 1px solid var(--line); padding: 4px 6px; vertical-align: top; }
tr { break-inside: avoid; }
dl.facts { display: grid; grid-template-columns: repeat(auto-fill, minmax(230px, 1fr)); gap: 8px 16px; margin: 0; }
dl.facts dt { color: var(--muted); font-size: 12px; } dl.facts dd { margin: 0; }
.diagram { background: var(--panel); border: 1px solid var(--line); border-radius: 6px; padding: 8px; overflow-x: auto; }
.diagram svg { display: block; max-width: 100%; height: auto; }
.diagram .node { fill: var(--bg); stroke: var(--line); } .diagram .label { fill: var(--fg); font-size: 13px; } .diagram .sub { fill: var(--muted); font-size: 11px; }
.diagram .edge { stroke: var(--accent); fill: none; stroke-width: 2; } .diagram .edge.back { stroke: var(--warn); } .diagram .edge.none { stroke: var(--muted); stroke-dasharray: 5 4; }
.diagram .edge-label { fill: var(--fg); font-size: 11px; } .diagram .arrow { fill: var(--accent); } .diagram .arrow.back { fill: var(--warn); } .diagram .arrow.none { fill: var(--muted); }
footer { margin-top: 32px; border-top: 1px solid var(--line); padding-top: 8px; color: var(--muted); font-size: 12px; }
@page { margin: 14mm; }
@media print {
  :root { --fg: #000; --muted: #444; --bg: #fff; --panel: #fff; --line: #bbb; }
  main { max-width: none; padding: 0; }
  section { break-inside: auto; } h2 { break-after: avoid-page; }
}
`;

/** The whole document around the sections: title, CSP that loads nothing, inline styles. */
export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${esc(title)}</title>
<style>${CSS}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}
