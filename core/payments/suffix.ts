/**
 * The sandbox's scenario selector: the last 3 digits of an external account's primary identifier.
 * For identifiers with a domain part (emails, UMA and Lightning addresses) the digits are read from
 * the user part. Returns undefined when the identifier does not end in 3 digits.
 */
export function scenarioSuffix(identifier: string): string | undefined {
  const user = identifier.split('@')[0] ?? '';
  const m = /(\d{3})$/.exec(user);
  return m?.[1];
}
