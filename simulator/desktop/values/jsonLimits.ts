import { pathOf, type WalkStep } from './walkPath.ts';
import { isJsonObject, type JsonObject } from './json.ts';

/**
 * How deep a JSON document may nest. The deepest shape the Service takes is a line group's line's
 * custom field inside a fixture (about eight levels); 32 leaves room and keeps every recursive walk
 * of a body far from the stack's end.
 */
export const MAX_JSON_DEPTH = 32;

/**
 * The key no document of the Service has, which JavaScript treats specially: assigning `__proto__`
 * swaps an object's prototype instead of setting a field.
 */
const FORBIDDEN_KEY = '__proto__';

export interface JsonLimitProblem {
  /** Dotted path of the offending place, e.g. `lists.__proto__` or `lines[0].customFields[0]`. */
  path: string;
  message: string;
}

/** A container met by the walk. */
interface Visit extends WalkStep {
  value: object;
  depth: number;
  parent: Visit | undefined;
}

function isContainer(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}

/**
 * The first place where a parsed document breaks the limits every body shares, or undefined. Walks
 * with its own stack, so a document nested 10,000 levels deep is measured, not followed down.
 */
export function jsonLimitProblem(value: unknown, maxDepth = MAX_JSON_DEPTH): JsonLimitProblem | undefined {
  if (!isContainer(value)) return undefined;
  const stack: Visit[] = [{ value, depth: 0, parent: undefined, step: '' }];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const { depth } = next;
    if (depth >= maxDepth) return { path: pathOf(next), message: `nests deeper than ${maxDepth} levels, the most any request may` };
    if (Array.isArray(next.value)) {
      const list: unknown[] = next.value;
      for (let i = 0; i < list.length; i += 1) {
        const item = list[i];
        if (isContainer(item)) stack.push({ value: item, depth: depth + 1, parent: next, step: i });
      }
      continue;
    }
    const object = next.value as Record<string, unknown>;
    // Parsed JSON has no inherited keys, and `in` walks the own ones without an array per object
    // (a fixture of 100,000 customers has two million objects and arrays).
    for (const key in object) {
      if (key === FORBIDDEN_KEY) return { path: pathOf(next, key), message: 'is not a known field' };
      const item = object[key];
      if (isContainer(item)) stack.push({ value: item, depth: depth + 1, parent: next, step: key });
    }
  }
  return undefined;
}

/**
 * A request body read as a JSON object, or why it is not one, in the words of the 400 it gets: not
 * JSON, not an object, or breaking the limits every body shares. One place for the words, used by
 * the HTTP layer and by a thread that reads a body it was handed as bytes.
 */
export function readJsonObject(bytes: Uint8Array): { object: JsonObject } | { refusal: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'));
  } catch {
    return { refusal: 'Invalid request: the body is not valid JSON.' };
  }
  if (!isJsonObject(parsed)) return { refusal: 'Invalid request: the body must be a JSON object.' };
  const problem = jsonLimitProblem(parsed);
  if (problem) return { refusal: `Invalid request at "${problem.path}": ${problem.message}` };
  return { object: parsed };
}
