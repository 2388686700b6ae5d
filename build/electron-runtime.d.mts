// Types of build/electron-runtime.mjs, for the TypeScript tests that import it.

/** The one sentence printed when the console falls back to the browser. */
export declare const FALLBACK_NOTICE: string;
/** The folder of the installed `electron` npm package, or undefined when it is not installed. */
export declare function electronPackageDir(from?: string): string | undefined;
/** The Electron executable's path, or undefined when there is none (never downloads). */
export declare function electronBinary(options?: {
  packageDir?: string | undefined;
  env?: Record<string, string | undefined>;
  exists?: (path: string) => boolean;
}): string | undefined;
/** What to spawn: Electron on the bundled main when a binary exists, else Node on the `serve` host. */
export declare function launchPlan(options: {
  binary: string | undefined;
  root: string;
  extraArgs?: readonly string[];
  nodePath?: string;
}): { command: string; args: string[]; notice: string | undefined };
/** How to open a URL in the user's browser, or undefined when there is no browser to open. */
export declare function browserOpener(options?: {
  platform?: string;
  env?: Record<string, string | undefined>;
  exists?: (path: string) => boolean;
}): { command: string; args: string[] } | undefined;
/** The console address in a line `serve` printed, if it is that line. */
export declare function consoleUrlIn(line: string): string | undefined;
