import { z } from 'zod';

/** One API request of a scenario step; strings may hold `{{name}}` placeholders filled from earlier answers. */
export const scenarioRequestSchema = z.object({
  method: z.enum(['GET', 'POST', 'PATCH', 'PUT', 'DELETE']),
  /** Path below the versioned base, e.g. `/quotes/{{quote.id}}/execute`. */
  path: z.string().min(1).max(500),
  body: z.unknown().optional(),
  headers: z.record(z.string(), z.string()).optional(),
});

/** What a step expects: the HTTP status and fields of the answer (dotted paths; `null` means "absent"). */
export const scenarioExpectSchema = z.object({
  status: z.number().int().min(100).max(599).optional(),
  fields: z.record(z.string(), z.unknown()).optional(),
});

/** One step: advance the clock (optional), then send a request (optional) and compare its answer. */
export const scenarioStepSchema = z.object({
  /** Plain words shown on screen and in reports. */
  title: z.string().min(1).max(200),
  /** Seconds to move the workspace clock forward before the request (runs the jobs that fall due). */
  advanceSeconds: z.number().int().min(1).max(90 * 86_400).optional(),
  request: scenarioRequestSchema.optional(),
  expect: scenarioExpectSchema.optional(),
  /** Names for values of the answer, used by later steps as `{{name}}` (dotted path into the body; a trailing `?` saves null when absent). */
  save: z.record(z.string(), z.string()).optional(),
  /** Runs even after an earlier step failed (puts back what the scenario changed). */
  always: z.boolean().optional(),
});

/** A scenario as stored by a user (the catalogue's entries have the same shape). */
export const scenarioDefinitionSchema = z.object({
  name: z.string().trim().min(1).max(120),
  group: z.string().trim().min(1).max(60),
  title: z.string().trim().min(1).max(200),
  /** The rule it rehearses, quoted or referenced from the spec or the upstream facts. */
  rule: z.string().max(1000),
  steps: z.array(scenarioStepSchema).min(1).max(100),
});

export type ScenarioRequest = z.infer<typeof scenarioRequestSchema>;
export type ScenarioStep = z.infer<typeof scenarioStepSchema>;
export type ScenarioExpect = z.infer<typeof scenarioExpectSchema>;

/** A runnable scenario: from the built-in catalogue or saved by a user. */
export interface ScenarioDefinition extends z.infer<typeof scenarioDefinitionSchema> {
  source: 'CATALOGUE' | 'USER';
}

/** One compared value of a step: where, what was expected and what came back. */
export interface FieldCheck {
  field: string;
  expected: unknown;
  actual: unknown;
  pass: boolean;
}

/** The outcome of one step. */
export interface StepResult {
  index: number;
  title: string;
  request?: { method: string; path: string };
  advancedSeconds?: number;
  status?: number;
  checks: FieldCheck[];
  pass: boolean;
  /** Why the step could not run (a missing placeholder, a network failure). */
  error?: string;
  durationMs: number;
}

/** The outcome of one scenario. */
export interface ScenarioResult {
  name: string;
  group: string;
  title: string;
  source: 'CATALOGUE' | 'USER';
  pass: boolean;
  steps: StepResult[];
  durationMs: number;
}

/** The outcome of a whole run (one scenario, a group, or the catalogue). */
export interface RunReport {
  startedAt: string;
  durationMs: number;
  passed: number;
  failed: number;
  results: ScenarioResult[];
}

/** Sends one request to the API and returns status and parsed body (in-process or over HTTP). */
export type ApiCaller = (req: ScenarioRequest) => Promise<{ status: number; body: unknown }>;
