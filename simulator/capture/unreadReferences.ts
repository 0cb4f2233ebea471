import { firstListCounter } from '../desktop/storage/IdAllocator.ts';
import { formatDesktopTime, parseDesktopTime } from '../desktop/values/desktopTime.ts';
import { isJsonObject, type JsonObject, type JsonValue } from '../desktop/values/json.ts';
import type { FixtureTools } from '../fixtures/fixtureTools.ts';
import type { CaptureState } from './CaptureState.ts';
import { offsetOf } from './captureSource.ts';

export interface UnreadObjects {
  /** Objects made from references alone, by type: a name (and parent) is all an answer shows of them. */
  byType: Map<string, JsonObject[]>;
  notes: string[];
}

/** A reference as answers show it: `{id, fullName}` and nothing else. */
const isReference = (value: JsonValue): value is { id: string; fullName: string } =>
  isJsonObject(value) && Object.keys(value).length === 2 && typeof value['id'] === 'string' && typeof value['fullName'] === 'string';

/**
 * An id says when its object was made (`<counter>-<epoch seconds>`, `IdAllocator`): an object made
 * from a reference is given that time, so a load makes it with the same id.
 */
function bornAs(id: string, offsetMinutes: number): JsonObject {
  const match = /^([0-9A-F]{1,16})-(\d{1,12})$/.exec(id);
  return match ? { id, createdAt: formatDesktopTime(Number(match[2]), offsetMinutes) } : {};
}
const madeAt = (doc: JsonObject): number => (typeof doc['createdAt'] === 'string' ? parseDesktopTime(doc['createdAt']) : 0);
const counterOf = (doc: JsonObject): number => parseInt(/^([0-9A-F]{1,16})-/.exec(String(doc['id']))?.[1] ?? '0', 16);

/**
 * Objects of types the API serves no list of (vendor types, job types, billing rates...) that
 * captured objects point at. Each becomes an object with the name the reference shows (a parent
 * for each `A:B` level), in the first of the reference's target types no list reads, so every
 * reference loads. What else they held is unknown: the notes say which types were made this way.
 */
export function unreadReferences(tools: FixtureTools, state: CaptureState, readable: ReadonlySet<string>): UnreadObjects {
  const captured = new Set(Object.values(state.types).flatMap((t) => t.objects.map((o) => String(o['id']))));
  // Written in the machine's own offset, as every timestamp the answers showed.
  const offset = offsetOf(Object.values(state.types).flatMap((t) => t.objects));
  const byType = new Map<string, JsonObject[]>();
  const made = new Map<string, JsonObject>();
  const make = (type: string, fullName: string, id?: string): JsonObject => {
    const key = `${type}\u0000${fullName}`;
    const known = made.get(key);
    if (known) {
      if (id !== undefined) Object.assign(known, bornAs(id, offset));
      return known;
    }
    const cut = fullName.lastIndexOf(':');
    const parent = cut > 0 ? make(type, fullName.slice(0, cut)) : undefined;
    const doc: JsonObject = { id: `unread:${type}:${fullName}`, objectType: type, name: fullName.slice(cut + 1), fullName, isActive: true, ...(parent ? { parent: { id: String(parent['id']), fullName: String(parent['fullName']) } } : {}), ...(id === undefined ? {} : bornAs(id, offset)) };
    made.set(key, doc);
    byType.set(type, [...(byType.get(type) ?? []), doc]);
    return doc;
  };
  const collected = new Set(tools.collections.map((c) => c.model.objectType));
  for (const collection of tools.collections) {
    const { model } = collection;
    // The type an unread reference at a path is made in, worked out once per path: every object of a type repeats its paths.
    const unreadAt = new Map<string, string | undefined>();
    const targetAt = (path: string): string | undefined => {
      if (!unreadAt.has(path)) {
        const target = model.targetsOf(path).find((t) => !readable.has(t) && tools.types.has(t));
        unreadAt.set(path, target !== undefined && collected.has(target) ? target : undefined);
      }
      return unreadAt.get(path);
    };
    const walk = (value: JsonValue | undefined, path: string): void => {
      if (Array.isArray(value)) {
        for (const v of value) walk(v, path);
        return;
      }
      if (!isJsonObject(value)) return;
      if (isReference(value)) {
        if (captured.has(value.id)) return;
        const target = targetAt(path);
        if (target) make(target, value.fullName, value.id);
        return;
      }
      for (const key in value) walk(value[key], path === '' ? key : `${path}.${key}`);
    };
    for (const doc of state.types[collection.name]?.objects ?? []) walk(doc, '');
  }
  // In the order they were made, as their ids count them: loaded in that order at those times, each gets its id again.
  const notes: string[] = [];
  for (const [type, docs] of byType) {
    docs.sort((a, b) => madeAt(a) - madeAt(b) || counterOf(a) - counterOf(b));
    const filled = withCountedGaps(type, docs);
    byType.set(type, filled);
    const gaps = filled.length - docs.length;
    notes.push(`${tools.collections.find((c) => c.model.objectType === type)?.name ?? type}: no list in the API; ${docs.length} made from the names references show (their other fields are unknown)${gaps > 0 ? `, and ${gaps} named after their place for objects no reference shows, so that the others count the same ids` : ''}`);
  }
  return { byType, notes };
}

/** Beyond this many missing counts in a type, no stand-ins are made (deleted objects, most likely). */
const MOST_STAND_INS = 1_000;

/**
 * The objects of an unread type with a stand-in for every count their ids skip: an object no
 * captured reference names (the first sales tax return line) still took a count, and without its
 * stand-in every later object would load one count lower. Only where every object's id is known
 * and the ids count up in the order the objects were made.
 */
export function withCountedGaps(type: string, docs: readonly JsonObject[]): JsonObject[] {
  const counters = docs.map(counterOf);
  if (counters.some((c, i) => c === 0 || (i > 0 && c <= (counters[i - 1] ?? 0)))) return [...docs];
  const first = firstListCounter(type);
  const missing = (counters[counters.length - 1] ?? first) - first + 1 - docs.length;
  if (missing <= 0 || missing > MOST_STAND_INS || (counters[0] ?? 0) < first) return [...docs];
  const out: JsonObject[] = [];
  let next = first;
  for (const [i, doc] of docs.entries()) {
    for (; next < (counters[i] ?? next); next += 1) {
      // Made just before the object after it, at its time: the id's time part of a stand-in is unknown.
      const id = `${next.toString(16).toUpperCase()}-${String(doc['id']).split('-')[1] ?? ''}`;
      out.push({ id, objectType: type, name: `Unread ${id.split('-')[0] ?? id}`, fullName: `Unread ${id.split('-')[0] ?? id}`, isActive: false, createdAt: doc['createdAt'] ?? null });
    }
    out.push(doc);
    next += 1;
  }
  return out;
}
