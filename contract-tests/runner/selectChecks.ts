import type { Check } from './checkTypes.ts';

/** `--only`/`--skip` that name nothing, or select nothing: the command was misused (exit 2), never a green run. */
export class SelectionError extends Error {}

/** The names a check answers to: its id, its area, and either of them `@operationId`. */
function namesOf(check: Check): string[] {
  const on = `@${check.operationId ?? ''}`;
  return [check.id, check.area, `${check.id}${on}`, `${check.area}${on}`];
}

/** A pattern names a check by one of its names, or by a prefix of them that ends at a dot (`pagination.cursor`). */
const names = (check: Check, pattern: string): boolean => namesOf(check).some((n) => n === pattern || n.startsWith(`${pattern}.`));

/** Edit distance, for "did you mean": a typo is one or two edits from the name it meant. */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row.push(Math.min((previous[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1)));
    previous = row;
  }
  return previous[b.length] ?? 0;
}

/** The three known names closest to a pattern that named nothing. */
export function closestNames(checks: readonly Check[], pattern: string): string[] {
  const known = [...new Set(checks.flatMap((c) => [c.id, c.area, ...(c.operationId ? [`${c.id}@${c.operationId}`] : [])]))];
  return known
    .map((name) => ({ name, d: distance(pattern.toLowerCase(), name.toLowerCase()) }))
    .sort((a, b) => a.d - b.d || a.name.localeCompare(b.name))
    .slice(0, 3)
    .map((c) => c.name);
}

/**
 * The checks `--only` and `--skip` leave, refusing a pattern that names no check (a typo would
 * otherwise run nothing, or everything, and turn CI green) and a selection that leaves none.
 */
export function selectChecks(checks: readonly Check[], only: readonly string[] = [], skip: readonly string[] = []): Check[] {
  const unknown = [...only.map((p) => ['--only', p] as const), ...skip.map((p) => ['--skip', p] as const)].filter(([, p]) => !checks.some((c) => names(c, p)));
  if (unknown.length > 0) {
    throw new SelectionError(unknown.map(([option, p]) => `${option} ${p} names no check; closest: ${closestNames(checks, p).join(', ')}`).join('\n'));
  }
  const chosen = checks.filter((c) => (only.length === 0 || only.some((p) => names(c, p))) && !skip.some((p) => names(c, p)));
  if (chosen.length === 0) throw new SelectionError(`--only ${only.join(',')}${skip.length > 0 ? ` with --skip ${skip.join(',')}` : ''} selects no check`);
  return chosen;
}
