import { homedir } from 'node:os';
import { join } from 'node:path';

/** Product folder name, identical to Electron's userData folder name so both hosts share workspaces. */
export const PRODUCT_DIR = 'Payments Console';

/**
 * The default workspace folder, the same place the desktop app uses:
 * Linux `$XDG_CONFIG_HOME/Payments Console/workspaces/default` (~/.config/...),
 * macOS `~/Library/Application Support/Payments Console/workspaces/default`,
 * Windows `%APPDATA%\Payments Console\workspaces\default`.
 */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  let base: string;
  if (platform === 'win32') base = env['APPDATA'] ?? join(homedir(), 'AppData', 'Roaming');
  else if (platform === 'darwin') base = join(homedir(), 'Library', 'Application Support');
  else base = env['XDG_CONFIG_HOME'] ?? join(homedir(), '.config');
  return join(base, PRODUCT_DIR, 'workspaces', 'default');
}
