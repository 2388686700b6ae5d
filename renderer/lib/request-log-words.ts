/** Who made a logged call, in words: "Console", "Scenario card-refund" (a scenario run's calls), or "HTTP" (an integrator). */
export function sourceWords(c: { source: 'HTTP' | 'CONSOLE'; principal: string | null }): string {
  if (c.principal?.startsWith('scenario:')) return `Scenario ${c.principal.slice('scenario:'.length)}`;
  return c.source === 'CONSOLE' ? 'Console' : 'HTTP';
}
