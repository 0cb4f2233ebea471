import { isJsonObject } from './json.ts';

/**
 * How deep a JSON document may nest. The deepest shape the Service takes is a line group's line's
 * custom field inside a fixture (about eight levels); 32 leaves room and keeps every recursive walk
 * of a body far from the stack's end.
 */
export const MAX_JSON_DEPTH = 32;

/**
 * Keys no document of the Service has, which JavaScript treats specially: assigning `__proto__`
 * swaps an object's prototype instead of setting a field.
 */
const FORBIDDEN_KEYS = new Set(['__proto__']);

export interface JsonLimitProblem {
  /** Dotted path of the offending place, e.g. `lists.__proto__` or `lines[0].customFields[0]`. */
  path: string;
  message: string;
}

/**
 * The first place where a parsed document breaks the limits every body shares, or undefined. Walks
 * with its own stack, so a document nested 10,000 levels deep is measured, not followed down.
 */
export function jsonLimitProblem(value: unknown, maxDepth = MAX_JSON_DEPTH): JsonLimitProblem | undefined {
  const stack: { path: string; depth: number; value: unknown }[] = [{ path: '', depth: 0, value }];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const { path, depth } = next;
    const container = Array.isArray(next.value) || isJsonObject(next.value);
    if (!container) continue;
    if (depth >= maxDepth) return { path, message: `nests deeper than ${maxDepth} levels, the most any request may` };
    if (Array.isArray(next.value)) {
      next.value.forEach((item, i) => stack.push({ path: `${path}[${i}]`, depth: depth + 1, value: item }));
      continue;
    }
    for (const key of Object.keys(next.value as object)) {
      const at = path ? `${path}.${key}` : key;
      if (FORBIDDEN_KEYS.has(key)) return { path: at, message: 'is not a known field' };
      stack.push({ path: at, depth: depth + 1, value: (next.value as Record<string, unknown>)[key] });
    }
  }
  return undefined;
}
