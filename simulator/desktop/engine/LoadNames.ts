import type { LowerName } from '../storage/RowReads.ts';
import { NameScopes } from './NameScopes.ts';
import type { TypeModel } from './TypeModel.ts';

/**
 * What a bulk load keeps in memory of the names it writes: the names taken in each uniqueness
 * scope (`NameScopes`) and the name of every object it added, by id, so that neither a name check
 * nor a reference to an object just loaded is a query (hundreds of thousands of each in a large
 * seeding). Holds nothing outside a load.
 */
export class LoadNames {
  private scopes: NameScopes | undefined;
  private added: Map<string, { type: string; name: string | null }> | undefined;

  /** `namesIn`: the names a scope holds in the company file when the load first asks about it. */
  constructor(private readonly namesIn: (scope: string) => LowerName[]) {}

  /** On as a bulk load starts; off, everything forgotten, as it ends. */
  set(on: boolean): void {
    this.scopes = on ? new NameScopes(this.namesIn) : undefined;
    this.added = on ? new Map() : undefined;
  }

  get loading(): boolean {
    return this.added !== undefined;
  }

  /** The names taken per uniqueness scope while a load runs; undefined otherwise. */
  get nameScopes(): NameScopes | undefined {
    return this.scopes;
  }

  /** After any write of `key` under `name` while a load runs: its scope's names stay up to date. */
  wrote(model: TypeModel, key: string, name: string | null): void {
    if (this.scopes && model.row.nameScope) this.scopes.record(model.row.nameScope, key, name);
  }

  /** After an add while a load runs: what a reference to it will show. */
  add(model: TypeModel, key: string, name: string | null): void {
    this.added?.set(key, { type: model.objectType, name });
  }

  /** The full name of an object this load added, when it is of one of `types`; undefined when it added none. */
  fullNameOf(id: string, types: readonly string[]): { fullName: string | null } | undefined {
    const found = this.added?.get(id);
    return found && types.includes(found.type) ? { fullName: found.name } : undefined;
  }
}
