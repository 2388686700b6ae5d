import { esc } from './html';

/** One place the money was: a party's account, a hold, the fees, the payout. */
export interface PathNode {
  label: string;
  sub?: string | undefined;
}

/**
 * A movement between two nodes (by index): `back` is money coming back (a refund, a return), `none` is
 * dashed (it did not happen). Neighbours are joined straight; a way back or past a box curves below the row.
 */
export interface PathEdge {
  from: number;
  to: number;
  label: string;
  kind?: 'forward' | 'back' | 'none';
}

const W = 190;
const GAP = 120;
const H = 58;
const TOP = 34;

/** Long names are cut so a box stays readable on paper; the full name is in the tables below. */
const fit = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
const x0 = (i: number) => 10 + i * (W + GAP);
const curved = (e: PathEdge) => e.kind === 'back' || Math.abs(e.to - e.from) > 1;

/** How far below the row a curve of this lane reaches (each curve has its own lane, so neither lines nor labels meet). */
const depthOf = (lane: number) => 34 + lane * 30;

function edgePath(e: PathEdge, lane: number): { d: string; lx: number; ly: number; tip: string } {
  const forward = e.to > e.from;
  if (!curved(e)) {
    const [a, b] = forward ? [x0(e.from) + W, x0(e.to)] : [x0(e.from), x0(e.to) + W];
    const y = TOP + H / 2;
    const tip = forward ? `${b},${y} ${b - 9},${y - 5} ${b - 9},${y + 5}` : `${b},${y} ${b + 9},${y - 5} ${b + 9},${y + 5}`;
    return { d: `M${a},${y} L${forward ? b - 8 : b + 8},${y}`, lx: (a + b) / 2, ly: y - 10, tip };
  }
  // From under one box to under the other, curving below the row; lanes start and end a little apart.
  const shift = (lane % 3 - 1) * 18;
  const a = x0(e.from) + W / 2 + shift;
  const b = x0(e.to) + W / 2 - shift;
  const y = TOP + H;
  const depth = depthOf(lane);
  // A cubic with both control points at `depth` bottoms out at three quarters of it.
  return { d: `M${a},${y} C${a},${y + depth} ${b},${y + depth} ${b},${y + 9}`, lx: (a + b) / 2, ly: y + depth * 0.75 + 13, tip: `${b},${y} ${b - 5},${y + 9} ${b + 5},${y + 9}` };
}

/** The money's path as an inline SVG: boxes in a row, arrows forward between them, refunds curving back below. */
export function pathDiagram(title: string, nodes: PathNode[], edges: PathEdge[]): string {
  const width = x0(nodes.length) - GAP + 10;
  // Shorter curves take the inner lanes.
  const curves = edges.filter(curved).sort((p, q) => Math.abs(p.to - p.from) - Math.abs(q.to - q.from));
  const height = TOP + H + (curves.length ? depthOf(curves.length - 1) * 0.75 + 24 : 16);
  const boxes = nodes.map((n, i) => `<g><rect class="node" x="${x0(i)}" y="${TOP}" width="${W}" height="${H}" rx="6"/>`
    + `<text class="label" x="${x0(i) + W / 2}" y="${TOP + 24}" text-anchor="middle">${esc(fit(n.label, 26))}</text>`
    + (n.sub ? `<text class="sub" x="${x0(i) + W / 2}" y="${TOP + 42}" text-anchor="middle">${esc(fit(n.sub, 32))}</text>` : '')
    + `<title>${esc([n.label, n.sub].filter(Boolean).join(' · '))}</title></g>`);
  const arrows = edges.map((e) => {
    const p = edgePath(e, curves.indexOf(e));
    const cls = e.kind === 'back' ? 'back' : e.kind === 'none' ? 'none' : '';
    return `<g><path class="edge ${cls}" d="${p.d}"/><polygon class="arrow ${cls}" points="${p.tip}"/>`
      + `<text class="edge-label" x="${p.lx}" y="${p.ly}" text-anchor="middle">${esc(fit(e.label, 34))}</text></g>`;
  });
  return `<div class="diagram"><svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="${esc(title)}" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" data-testid="money-path-diagram">`
    + `<title>${esc(title)}</title>${boxes.join('')}${arrows.join('')}</svg></div>`;
}
