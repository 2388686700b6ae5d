/**
 * Path patterns of fault rules, written below the versioned base as the reference writes paths:
 * `/quotes`, `/quotes/{quoteId}/execute`, `/quotes/*` (one segment), `/customers/**` (anything below).
 * Why not regular expressions: support staff and integrators write these, and a pattern must be checkable
 * (a bad one is a 400 naming the field), never a ReDoS in the API's hot path.
 */

const SEGMENT = /^(?:\*\*?|\{[A-Za-z_][A-Za-z0-9_]*\}|[A-Za-z0-9._~:%@!$&'()+,;=-]+)$/;

/** Why a pattern is not valid, or undefined when it is. */
export function patternProblem(pattern: string): string | undefined {
  if (!pattern.startsWith('/')) return 'must start with / (a path below the API version, e.g. /quotes)';
  if (pattern.includes('?')) return 'must not hold a query (match on the path only)';
  const segments = pattern.slice(1).split('/');
  if (pattern === '/') return undefined;
  for (const [i, s] of segments.entries()) {
    if (s === '' && i === segments.length - 1) continue;
    if (!SEGMENT.test(s)) return `segment "${s}" is not valid: use literal text, * (one segment), ** (anything below) or {name}`;
    if (s === '**' && i !== segments.length - 1) return '** may only end a pattern';
  }
  return undefined;
}

/** Compiles a valid pattern to a matcher of paths below the versioned base (trailing slashes ignored). */
export function compilePattern(pattern: string): (path: string) => boolean {
  const segments = pattern.replace(/\/+$/, '').slice(1).split('/').filter((s, i, all) => s !== '' || all.length > 1);
  const body = segments.map((s) => {
    if (s === '**') return '(?:/.*)?';
    if (s === '*' || /^\{.+\}$/.test(s)) return '/[^/]+';
    return `/${s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
  }).join('');
  const re = new RegExp(`^${body || ''}/?$`);
  return (path) => re.test(safeDecode(path));
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
