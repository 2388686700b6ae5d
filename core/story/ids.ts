/**
 * Shortens an id in the middle and keeps its type prefix, so `Customer:0193f0c2-...-9a1b2c3d4e5f`
 * reads `Customer:0193…c3d4e5f`: the type and both ends stay recognisable.
 */
export function middleTruncate(id: string, keep = 12): string {
  const colon = id.indexOf(':');
  const prefix = colon > 0 && colon < 30 ? id.slice(0, colon + 1) : '';
  const rest = id.slice(prefix.length);
  if (rest.length <= keep + 1) return id;
  const head = Math.ceil(keep / 3);
  return `${prefix}${rest.slice(0, head)}…${rest.slice(rest.length - (keep - head))}`;
}
