// Reports of a run: the terminal's lines, and JUnit XML for CI systems.
import type { RunReport, ScenarioResult, StepResult } from './types';

const show = (v: unknown) => (v === null || v === undefined ? '(absent)' : JSON.stringify(v));

/** The failing checks of a step in plain words: "field: expected X, got Y". */
export function stepFailures(step: StepResult): string[] {
  if (step.error) return [step.error];
  return step.checks.filter((c) => !c.pass).map((c) => `${c.field}: expected ${show(c.expected)}, got ${show(c.actual)}`);
}

/** One line for a scenario, plus indented lines naming what differed when it failed. */
export function scenarioLines(r: ScenarioResult): string[] {
  const lines = [`${r.pass ? 'PASS' : 'FAIL'}  ${r.name}  (${r.group})  ${r.durationMs} ms`];
  if (!r.pass) {
    for (const s of r.steps.filter((x) => !x.pass)) {
      lines.push(`      step ${s.index + 1}: ${s.title}${s.request ? `  [${s.request.method} ${s.request.path}]` : ''}`);
      for (const f of stepFailures(s)) lines.push(`        ${f}`);
    }
  }
  return lines;
}

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The run as JUnit XML: one testsuite per group, one testcase per scenario. */
export function junitXml(report: RunReport): string {
  const groups = new Map<string, ScenarioResult[]>();
  for (const r of report.results) groups.set(r.group, [...(groups.get(r.group) ?? []), r]);
  const secs = (ms: number) => (ms / 1000).toFixed(3);
  const suites = [...groups].map(([group, results]) => {
    const cases = results.map((r) => {
      const failure = r.pass ? '' : `\n      <failure message="${xml(r.steps.filter((s) => !s.pass).flatMap(stepFailures).join('; '))}">${xml(scenarioLines(r).join('\n'))}</failure>\n    `;
      return `    <testcase classname="${xml(group)}" name="${xml(r.name)}" time="${secs(r.durationMs)}">${failure}</testcase>`;
    });
    const failed = results.filter((r) => !r.pass).length;
    const time = results.reduce((t, r) => t + r.durationMs, 0);
    return `  <testsuite name="${xml(group)}" tests="${results.length}" failures="${failed}" errors="0" time="${secs(time)}">\n${cases.join('\n')}\n  </testsuite>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="scenarios" tests="${report.results.length}" failures="${report.failed}" time="${secs(report.durationMs)}">\n${suites.join('\n')}\n</testsuites>\n`;
}
