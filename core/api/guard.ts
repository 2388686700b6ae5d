import type { Context } from 'hono';
import { forbidden } from '../kernel/errors';
import type { ApiBindings, ApiVariables, Permission } from './types';

/** Throws 403 FORBIDDEN unless the caller's token holds `permission`. */
export function requirePermission(c: Context<{ Bindings: ApiBindings; Variables: ApiVariables }>, permission: Permission): void {
  const authError = c.get('authError');
  if (authError) throw authError;
  const p = c.get('principal');
  if (!p?.permissions.includes(permission)) {
    throw forbidden(`This API token lacks the ${permission} permission required for ${c.req.method} ${c.req.path}`);
  }
}
