import type { JsonObject } from '../values/json.ts';
import type { RulesContext } from '../table/TypeRules.ts';

/**
 * What a type's rules hand from `compute` to `afterWrite` of the same write (the links a request
 * asked for, worked out once while checking it): kept on that write's context, by the document
 * written, so nothing outlives the write and no module holds state between writes.
 */
export class WriteNote<T> {
  private of(ctx: Pick<RulesContext, 'notes'>): WeakMap<JsonObject, T> {
    let notes = ctx.notes.get(this) as WeakMap<JsonObject, T> | undefined;
    if (!notes) {
      notes = new WeakMap();
      ctx.notes.set(this, notes);
    }
    return notes;
  }

  get(ctx: Pick<RulesContext, 'notes'>, doc: JsonObject): T | undefined {
    return this.of(ctx).get(doc);
  }

  set(ctx: Pick<RulesContext, 'notes'>, doc: JsonObject, value: T): void {
    this.of(ctx).set(doc, value);
  }
}
