import type { LocationQuery, LocationQueryRaw } from 'vue-router';

/** One string value of a route query key (the first when repeated), or undefined when absent or empty. */
export function queryString(query: LocationQuery, key: string): string | undefined {
  const v = query[key];
  const s = Array.isArray(v) ? v[0] : v;
  return typeof s === 'string' && s !== '' ? s : undefined;
}

/** A query value only if it is one of the allowed values (a hand-edited URL cannot inject others). */
export function queryEnum<T extends string>(query: LocationQuery, key: string, allowed: readonly T[]): T | undefined {
  const s = queryString(query, key);
  return s !== undefined && (allowed as readonly string[]).includes(s) ? (s as T) : undefined;
}

/** A query object without empty values, so URLs stay short and comparable. */
export function cleanQuery(values: Record<string, string | undefined | null>): LocationQueryRaw {
  const out: LocationQueryRaw = {};
  for (const [k, v] of Object.entries(values)) if (v !== undefined && v !== null && v !== '') out[k] = v;
  return out;
}
