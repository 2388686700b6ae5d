// Prints CI's closing line "N passed, N failed" from vitest's JSON report. When the run stopped
// before vitest (a type error, a failed build), that step counts as one failure.
import { existsSync, readFileSync } from 'node:fs';

const [file, statusArg] = process.argv.slice(2);
const status = Number(statusArg ?? 0);
let passed = 0;
let failed = 0;
if (file && existsSync(file)) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed = report.numPassedTests ?? 0;
  failed = report.numFailedTests ?? 0;
  if (status !== 0 && failed === 0) failed = 1;
} else if (status !== 0) {
  failed = 1;
}
console.log(`${passed} passed, ${failed} failed`);
