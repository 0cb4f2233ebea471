import type { CompanyFile } from '../CompanyFile.ts';
import { openingStockOf } from '../books/stock.ts';
import type { TypeModel } from '../engine/TypeModel.ts';
import { parseDoc } from '../storage/CompanyFileStore.ts';
import type { SaleTaxRow, TaxItemSums } from '../storage/SaleTaxes.ts';
import type { NamedStock, Tracking } from '../storage/StockNumbers.ts';
import type { OpenLedger } from '../storage/Ledger.ts';
import type { BodyMark } from '../storage/bodyMarks.ts';
import type { ListedCells, ListedTransaction } from '../storage/ListCells.ts';
import { listedCellsOf } from '../engine/listedCells.ts';
import type { DatedDocument } from '../storage/RowReads.ts';
import type { AccountDay, FirstReference, KeyedDay, LineSource, ReferenceKey, LinkAmounts, OpenItemRow } from '../storage/LedgerReads.ts';
import type { StockMoveLine, StockOnHand, TransactionStock } from '../storage/StockReads.ts';
import { formatDesktopTime } from '../values/desktopTime.ts';
import { totalOf } from '../views/transactionsList.ts';
import type { JsonObject } from '../values/json.ts';
import { chartOrder, type ChartAccount } from './chartOrder.ts';
import { monthIndexOf } from './reportPeriods.ts';
import { ReportLedger } from './ReportLedger.ts';
import { ReportNames } from './ReportNames.ts';

export type { ChartAccount };
export { UNCLASSIFIED, type PostingFilter, type PostingRow } from './postingFilter.ts';
export type { AccountDay, KeyedDay };

/** A stored transaction as reports read it. */
export interface StoredDocument {
  type: string;
  doc: JsonObject;
  /** Its last change, epoch seconds. */
  updatedAt: number;
}

/**
 * What reports read from a company file: its chart of accounts in order, names of what postings
 * point at, the company's today and fiscal year, and the postings themselves. Made per report, so
 * it always sees the books as they are when the report is asked for.
 */
export class ReportBooks {
  readonly today: string;
  readonly fiscalYearStartMonth: number;
  readonly accounts: ChartAccount[];
  readonly accountById: ReadonlyMap<string, ChartAccount>;
  /** The postings, their sums and counts, on the accrual or the cash basis (`ReportLedger.ts`). */
  readonly ledger: ReportLedger;
  /** The names of what rows point at, read once per report, and the order by name (`ReportNames.ts`). */
  readonly names: ReportNames;
  private readonly documents = new Map<string, JsonObject | undefined>();
  private readonly references = new Map<ReferenceKey | FirstReference, Map<ReadonlySet<string>, Map<string, Map<string, string | null>>>>();
  private readonly fields = new Map<string, Map<string, string>>();

  constructor(private readonly file: CompanyFile) {
    this.today = formatDesktopTime(file.nowSeconds(), file.offsetMinutes).slice(0, 10);
    const company = this.all('ldg_company')[0];
    this.fiscalYearStartMonth = monthIndexOf(company?.['fiscalYearStartMonth']);
    this.accounts = chartOrder(this.all('ldg_account'));
    this.accountById = new Map(this.accounts.map((a) => [a.id, a]));
    this.names = new ReportNames(this.accountById, file.store.rowReads);
    this.ledger = new ReportLedger(file.store.ledgerReads, (type) => this.idsOf(type));
  }

  /**
   * The transactions of these types dated in the period (`from` null: since the start), in the
   * desktop's order (date, then the order they were made): how every report reads documents.
   * `marked`: only those whose stored JSON has that mark (`RowReads.dated`).
   */
  documentsDated(types: readonly string[], from: string | null, to: string, marked?: BodyMark): StoredDocument[] {
    return this.file.store.rowReads.dated(types, from, to, marked).map(parsed);
  }

  /** The transactions of these types dated in the period that name an object of `partyType` in one of `paths` (`RowReads.datedNaming`), in the desktop's order. */
  documentsNaming(types: readonly string[], from: string | null, to: string, paths: readonly string[], partyType: string): StoredDocument[] {
    return this.file.store.rowReads.datedNaming(types, from, to, paths, partyType).map(parsed);
  }

  /**
   * What the transaction lists show of the transactions of these types dated in the period, in the
   * desktop's order (date, then the order they were made), from the cells the desktop keeps as it
   * writes each document (`ListCells.ts`): no document is parsed.
   */
  listedDated(types: readonly string[], from: string | null, to: string): ListedTransaction[] {
    return this.file.store.listCells.dated(types, from, to);
  }

  /**
   * The transactions of these types dated in the period that name an object of `partyType` in a
   * party field of their type, in the desktop's order, each with the first such party in its
   * type's field order and what the lists show of it (`RowReads.namingListed`): a list by customer
   * or vendor reads those alone, from the reference graph and the kept cells.
   */
  listedNaming(types: readonly string[], from: string | null, to: string, partyType: string): (ListedTransaction & { party: string })[] {
    const firsts: (ListedTransaction & { party: string; rank: number })[] = [];
    for (const row of this.file.store.rowReads.namingListed(types, from, to, this.partyPaths(types), partyType)) {
      const rank = this.modelOf(row.type).shape.party.indexOf(row.path);
      if (rank < 0) continue;
      // A transaction naming several parties comes as consecutive rows: it goes under the first in its type's field order.
      const held = firsts[firsts.length - 1];
      if (held?.seq !== row.seq) firsts.push({ ...row, rank });
      else if (rank < held.rank) firsts[firsts.length - 1] = { ...row, rank };
    }
    return firsts;
  }

  /** What the transaction lists show of a document read whole (`listedDated` for the kept cells), its total as the transactions list has it. */
  listedCellsOf(type: string, doc: JsonObject): ListedCells & { amount: string } {
    const { shape } = this.modelOf(type);
    return { ...listedCellsOf(shape, doc), amount: totalOf(this.file, shape, doc) };
  }

  /** Every party each of these transactions names in a party field of its type, by place: a filter by name matches any. */
  partiesNamedBy(listed: readonly { seq: number; type: string }[]): Map<number, Set<string>> {
    const typeOf = new Map(listed.map((t) => [t.seq, t.type]));
    const named = new Map<number, Set<string>>();
    for (const { seq, path, id } of this.file.store.rowReads.namedIn([...typeOf.keys()], this.partyPaths([...new Set(typeOf.values())]))) {
      if (!this.modelOf(typeOf.get(seq) ?? '').shape.party.includes(path)) continue;
      const ids = named.get(seq) ?? new Set<string>();
      ids.add(id);
      named.set(seq, ids);
    }
    return named;
  }

  private partyPaths(types: readonly string[]): string[] {
    return [...new Set(types.flatMap((t) => this.modelOf(t).shape.party))];
  }

  /** How many transactions `documentsNaming` would read, counted without reading one. */
  countNaming(types: readonly string[], from: string | null, to: string, partyType: string): number {
    return this.file.store.rowReads.namingCount(types, from, to, this.partyPaths(types), partyType);
  }

  /**
   * For each transaction of these types dated in the period, by id, the id of an object of the
   * `among` types it names in one field (a sales representative, a header account), null for none
   * (`RowReads.referencedBy`); read once per report.
   */
  referencedBy(types: ReadonlySet<string>, ref: ReferenceKey, from: string | null, to: string): ReadonlyMap<string, string | null> {
    return this.keptReferences(ref, types, from, to, () => this.file.store.rowReads.referencedBy([...types], ref.path, ref.among, from, to));
  }

  /** `referencedBy` for the first of several fields that names one (`RowReads.firstReferencedBy`), read once per report. */
  firstReferencedBy(types: ReadonlySet<string>, first: FirstReference, from: string | null, to: string): ReadonlyMap<string, string | null> {
    return this.keptReferences(first, types, from, to, () => this.file.store.rowReads.firstReferencedBy([...types], first.paths, first.among, from, to));
  }

  /** A read of references, asked once per posting: kept by the very objects asked with (module constants) and the period, no key text built each time. */
  private keptReferences(key: ReferenceKey | FirstReference, types: ReadonlySet<string>, from: string | null, to: string, read: () => Map<string, string | null>): ReadonlyMap<string, string | null> {
    const byTypes = this.references.get(key) ?? new Map<ReadonlySet<string>, Map<string, Map<string, string | null>>>();
    this.references.set(key, byTypes);
    const byPeriod = byTypes.get(types) ?? new Map<string, Map<string, string | null>>();
    byTypes.set(types, byPeriod);
    const period = `${from} ${to}`;
    let found = byPeriod.get(period);
    if (!found) byPeriod.set(period, (found = read()));
    return found;
  }

  /** For each object of these types naming an object of the `among` types in one field, by id, the id named (read once per report). */
  namedInField(types: readonly string[], path: string, among: readonly string[]): ReadonlyMap<string, string> {
    const key = `${types.join(' ')} ${path} ${among.join(' ')}`;
    let found = this.fields.get(key);
    if (!found) this.fields.set(key, (found = this.file.store.rowReads.namedInField(types, path, among)));
    return found;
  }

  /** The sales of a period by sales tax item: all, the taxable part (lines with one of `taxableCodes`), the tax (`SaleTaxes.ts`). */
  taxItemSums(from: string | null, to: string, taxableCodes: readonly string[]): TaxItemSums[] {
    return this.file.store.ledgerReads.taxItemSums(from, to, taxableCodes);
  }

  /** Each sale of these types dated in the period, with its sales tax sums (`SaleTaxes.ts`). */
  saleTaxRows(from: string | null, to: string, taxableCodes: readonly string[], saleTypes: readonly string[]): SaleTaxRow[] {
    return this.file.store.ledgerReads.saleTaxRows(from, to, taxableCodes, saleTypes);
  }

  /** How many transactions of these types are dated in the period (`from` null: since the start). */
  countDated(types: readonly string[], from: string | null, to: string): number {
    return this.file.store.rowReads.countDated(types, from, to);
  }

  /** The transactions of these types last changed between two epoch seconds (`from` null: since the start), latest first. */
  documentsUpdated(types: readonly string[], from: number | null, to: number): StoredDocument[] {
    return this.file.store.rowReads.updated(types, from, to).map(parsed);
  }

  /** How many transactions of these types last changed between two epoch seconds, counted without reading one. */
  countUpdated(types: readonly string[], from: number | null, to: number): number {
    return this.file.store.rowReads.countUpdated(types, from, to);
  }

  /** Every object of a type, as stored. */
  all(type: string): JsonObject[] {
    return this.file.store.rowReads.allOf(type).map((d) => parseDoc<JsonObject>(d));
  }

  /** The company file's report preferences (`summaryReportBasis`, `agingReportBasis`). */
  get reportPreferences(): JsonObject {
    const reports = this.all('ldg_preferences')[0]?.['reports'];
    return reports && typeof reports === 'object' && !Array.isArray(reports) ? reports : {};
  }

  /** The company's offset from UTC, in minutes (its dates are its own). */
  get offsetMinutes(): number {
    return this.file.offsetMinutes;
  }

  /** A type's model: its shape (party, total, lines) and its row. */
  modelOf(type: string): TypeModel {
    return this.file.modelOf(type);
  }

  /** Every transaction type, in the table's order. */
  transactionTypes(): string[] {
    return [...this.file.types.all()].filter((m) => m.row.kind === 'transaction').map((m) => m.objectType);
  }

  /** An object of a type by id, as stored now (undefined: the file has none). */
  find(type: string, id: string): JsonObject | undefined {
    return this.file.store.docs.find<JsonObject>(type, id);
  }

  /** An object of any of these types by id. */
  findAmong(types: readonly string[], id: string): JsonObject | undefined {
    return this.file.store.docs.findAmong<JsonObject>(types, id);
  }

  /** An item's stock before its first move (its opening quantity and value). */
  openingStockOf(itemId: string): ReturnType<typeof openingStockOf> {
    return openingStockOf(this.file.store, itemId);
  }

  /** The memo of each of these transactions, by id (opening balances have none). */
  memosOf(ids: readonly string[]): Map<string, string | null> {
    return this.file.store.rowReads.memosOf(ids);
  }

  /** The document of a transaction, for what a detail report shows of it (memo, names). */
  documentOf(type: string, id: string): JsonObject | undefined {
    if (!this.documents.has(id)) this.documents.set(id, this.file.store.docs.find<JsonObject>(type, id));
    return this.documents.get(id);
  }

  /** The ids of every object of a type. */
  idsOf(type: string): string[] {
    return this.file.store.rowReads.idsOf(type);
  }

  /** The lower-cased names of a type's objects with their ids, for filters that name objects by full name. */
  namesOf(type: string): { id: string; name_lc: string | null }[] {
    return this.file.store.rowReads.namesOf(type);
  }

  /** The day of the first posting; today for books with none. */
  firstPostingDate(): string {
    return this.file.store.ledgerReads.firstPostingDate() ?? this.today;
  }

  /** The open items of the receivable or payable ledger as of a day, with their transactions' facts (`LedgerReads.openItems`). */
  openItemRows(ledger: OpenLedger, asOf: string): OpenItemRow[] {
    return this.file.store.ledgerReads.openItems(ledger, asOf);
  }

  /** The open items of a ledger as of a day summed by party and age bucket: [party, bucket, cents] (`LedgerReads.openSums`). */
  openSums(ledger: OpenLedger, asOf: string, ageFrom: 'due' | 'date', edges: readonly number[]): [string, number, number][] {
    return this.file.store.ledgerReads.openSums(ledger, asOf, ageFrom, edges);
  }

  /** Every link between transactions (payments, credits, refunds applied), in the order written. */
  links(): LinkAmounts[] {
    return this.file.store.ledgerReads.links();
  }

  /** Every line made from a line of another transaction (invoice lines from estimates). */
  lineSources(): LineSource[] {
    return this.file.store.ledgerReads.lineSources();
  }

  /** Stock moved up to a day by item, and by site when `bySite`. Opening stock is not among it (`openingStockOf`). */
  stockOnHand(asOf: string, bySite: boolean): StockOnHand[] {
    return this.file.store.stockReads.stockOnHand(asOf, bySite);
  }

  /** Every stock move of a span (`from` null: since the start) with its transaction, in the order a valuation lists them. */
  stockMoves(from: string | null, to: string): StockMoveLine[] {
    return this.file.store.stockReads.stockMoves(from, to);
  }

  /** How many stock moves a span holds (of these items, when given), counted from the index alone: a valuation detail knows its length before it reads one. */
  stockMoveCount(from: string | null, to: string, items?: ReadonlySet<string>): number {
    return this.file.store.stockReads.stockMoveCount(from, to, items ? [...items] : undefined);
  }

  /** What each transaction moved of each item at each site up to a day, in the order made. */
  stockByTransaction(asOf: string): TransactionStock[] {
    return this.file.store.stockReads.stockByTransaction(asOf);
  }

  /** The lots or serial numbers each transaction names, by transaction, as the books keep them. */
  namedStock(tracking: Tracking): Map<string, NamedStock[]> {
    return this.file.store.stockReads.namedStock(tracking);
  }
}

const parsed = (row: DatedDocument): StoredDocument => ({ type: row.type, doc: parseDoc<JsonObject>(row.doc), updatedAt: row.updatedAt });
