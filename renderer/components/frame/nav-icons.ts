import { h, type VNode } from 'vue';

/** Outline glyphs of the navigation (16×16, stroked), by route name. */
const PATHS: Record<string, string> = {
  overview: 'M2.5 2.5h4.5v4.5H2.5zM9 2.5h4.5v4.5H9zM2.5 9h4.5v4.5H2.5zM9 9h4.5v4.5H9z',
  transactions: 'M2 5h11M10 2l3 3-3 3M14 11H3M6 8l-3 3 3 3',
  quotes: 'M4 1.5h6l3 3v10H4zM10 1.5v3h3M6.5 8h4M6.5 11h4',
  transfers: 'M5 2v11M2 10l3 3 3-3M11 14V3M8 6l3-3 3 3',
  customers: 'M8 7.5a2.75 2.75 0 1 0 0-5.5 2.75 2.75 0 0 0 0 5.5zM2.5 14c0-3 2.4-4.6 5.5-4.6s5.5 1.6 5.5 4.6',
  stablecoins: 'M8 1.5a6.5 6.5 0 1 0 0 13 6.5 6.5 0 0 0 0-13zM10 5.5H7a1.25 1.25 0 0 0 0 2.5h2a1.25 1.25 0 0 1 0 2.5H6M8 4v1.5M8 10.5V12',
  invitations: 'M2 4h12v8.5H2zM2 4l6 5 6-5',
  agents: 'M3 5.5h10v8H3zM8 2.5v3M6 9.25v.5M10 9.25v.5M6 11.75h4',
  cards: 'M1.5 3.5h13v9h-13zM1.5 6.5h13M4 10h3',
  'wallet-auth': 'M4 7.5h8v6.5H4zM5.75 7.5V5.25a2.25 2.25 0 0 1 4.5 0V7.5M8 10v1.5',
  scenarios: 'M8 1.5a6.5 6.5 0 1 0 0 13 6.5 6.5 0 0 0 0-13zM6.5 5.5l4 2.5-4 2.5z',
  webhooks: 'M9 1.5 3.5 9H8l-1 5.5L12.5 7H8z',
  'request-log': 'M2 3.5h12M2 8h12M2 12.5h8',
  composer: 'M2 4.5l3 3.5-3 3.5M7 12h7',
  events: 'M1.5 8h3l2-5 3 10 2-5h3',
  api: 'M5.5 4 2 8l3.5 4M10.5 4 14 8l-3.5 4',
  workspaces: 'M8 2c3 0 5.5.9 5.5 2S11 6 8 6 2.5 5.1 2.5 4 5 2 8 2zM2.5 4v8c0 1.1 2.5 2 5.5 2s5.5-.9 5.5-2V4M2.5 8c0 1.1 2.5 2 5.5 2s5.5-.9 5.5-2',
};

/** The glyph of a navigation entry (a dot for an entry without one), hidden from screen readers. */
export function navIcon(name: string): VNode {
  return h('svg', { viewBox: '0 0 16 16', width: 18, height: 18, 'aria-hidden': 'true', focusable: 'false', class: 'nav-glyph' }, [
    h('path', { d: PATHS[name] ?? 'M8 6.5a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3z', fill: 'none', stroke: 'currentColor', 'stroke-width': 1.4, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' }),
  ]);
}
