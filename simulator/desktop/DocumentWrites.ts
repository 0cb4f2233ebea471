import type { LoadNames } from './engine/LoadNames.ts';
import { listedCellsOf } from './engine/listedCells.ts';
import { referencesIn, type TypeModel } from './engine/TypeModel.ts';
import type { CompanyFileStore, IndexColumns } from './storage/CompanyFileStore.ts';
import type { JsonObject } from './values/json.ts';

/**
 * What is kept beside an object's document, written with it by every write in one place: the
 * references it makes (the graph that says what is in use and whose names to follow on a rename),
 * what the transaction lists show of it (`ListCells.ts`) and, while a load runs, its name. A write
 * path that forgot one would leave a delete check, a list or a reference answering from the object
 * as it was.
 */
export class DocumentWrites {
  constructor(
    private readonly store: CompanyFileStore,
    private readonly loadNames: LoadNames,
  ) {}

  /**
   * A new object; returns its sequence number. `keepParsed`: a bulk load keeps `doc` parsed for the
   * writes that read it next, so the caller must not change it afterwards.
   */
  insert(model: TypeModel, key: string, doc: JsonObject, columns: IndexColumns, keepParsed: boolean): number {
    const seq = this.store.insert(model.objectType, key, columns, JSON.stringify(doc), null, keepParsed ? doc : undefined);
    this.store.graph.setReferences(seq, referencesIn(model, doc), true);
    this.keepListed(model, seq, doc);
    this.loadNames.wrote(model, key, columns.name);
    return seq;
  }

  /**
   * An object written again whole; returns its sequence number, or undefined when there is none.
   * `references: false` for fields the desktop keeps for itself, which refer to nothing new.
   */
  update(model: TypeModel, key: string, doc: JsonObject, columns: IndexColumns, linked: string | null, references = true): number | undefined {
    const seq = this.store.update(model.objectType, key, columns, JSON.stringify(doc), linked);
    if (seq !== undefined && references) this.store.graph.setReferences(seq, referencesIn(model, doc));
    this.keepListed(model, seq, doc);
    this.loadNames.wrote(model, key, columns.name);
    return seq;
  }

  /** Derived amounts only (RulesContext.rewriteAmounts): no name or reference changes; a bulk load keeps `doc` parsed. */
  updateAmounts(model: TypeModel, key: string, doc: JsonObject, columns: IndexColumns, linked: string | null): void {
    const seq = this.store.updateAmounts(model.objectType, key, columns, JSON.stringify(doc), linked, doc);
    this.keepListed(model, seq, doc);
  }

  private keepListed(model: TypeModel, seq: number | undefined, doc: JsonObject): void {
    if (seq !== undefined && model.row.kind === 'transaction') this.store.listCells.keep(seq, listedCellsOf(model.shape, doc));
  }
}
