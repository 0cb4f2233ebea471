import type { AccountDay, KeyedDay, LedgerReads, PostingSumKeys, ReferenceKey, TransactionPosting } from '../storage/LedgerReads.ts';
import type { OpenLedger } from '../storage/Ledger.ts';
import { onCashBasis } from './cashBasis.ts';
import { byAccountAndDayOnly, keeps, narrowingOf, type PostingFilter, type PostingRow } from './postingFilter.ts';

/**
 * What reports read of the books' postings, for one report: the postings a filter keeps, their sums
 * by account, day, class, party or type, and their counts, read through `LedgerReads` and each
 * read kept for the report's other questions (statements ask for the same span more than once).
 * On the cash basis (`useCashBasis`) invoices and bills count as they are paid, and the sums the
 * books keep no longer answer: those asking for them are told so (undefined) and read postings.
 */
export class ReportLedger {
  private cash = false;
  private readonly postingReads = new Map<string, TransactionPosting[]>();
  private readonly cashCache = new Map<string, TransactionPosting[]>();
  private readonly days = new Map<string, AccountDay[]>();
  private readonly keyedDays = new Map<string, KeyedDay[]>();
  private readonly typeIds = new Map<string, Set<string>>();
  private readonly sums = new Map<string, TransactionPosting[]>();

  /** `idsOf`: the ids of every object of a type (a filter by party type reads them once). */
  constructor(
    private readonly reads: LedgerReads,
    private readonly idsOf: (type: string) => string[],
  ) {}

  /** The postings a filter keeps, in the order a ledger lists them: date, then the order transactions were made, then line. */
  postings(filter: PostingFilter): PostingRow[] {
    const rows = this.cash ? this.cashPostings(filter.to).filter((p) => filter.from === null || p.date >= filter.from) : this.read(filter);
    const ofTypes = filter.entityTypes && this.idsOfTypes(filter.entityTypes);
    return rows.filter((r) => keeps(filter, r) && (!ofTypes || (r.entity !== null && ofTypes.has(r.entity))));
  }

  /** Whether an id is of an object of one of these types (ids read once per report, no document). */
  isOfTypes(id: string, types: readonly string[]): boolean {
    return this.idsOfTypes(new Set(types)).has(id);
  }

  /** The ids of the objects of these types, read once per report. */
  private idsOfTypes(types: ReadonlySet<string>): ReadonlySet<string> {
    const key = [...types].sort().join(' ');
    let ids = this.typeIds.get(key);
    if (!ids) this.typeIds.set(key, (ids = new Set([...types].flatMap((t) => this.idsOf(t)))));
    return ids;
  }

  /**
   * The postings a filter keeps summed by account, and by transaction type, party, item, class and
   * day when asked, each sum as a posting of its own with no transaction or line (and dated the
   * period's last day unless summed by day) (`LedgerReads.postingSums`):
   * for a one-column summary whose rows go by those alone. Undefined on the cash basis or with a
   * filter on when transactions last changed: read `postings` then.
   */
  postingSums(filter: PostingFilter, by: PostingSumKeys): PostingRow[] | undefined {
    if (this.cash || filter.updatedFrom !== undefined || filter.updatedTo !== undefined) return undefined;
    // By account, class and day alone, the books keep the sums already.
    const days: (AccountDay & { key?: string | null })[] | undefined = by.type || by.entity || by.item || by.reference ? undefined : by.class ? this.keyedDaySums(filter, 'class') : this.daySums(filter);
    if (days) return days.map((d) => ({ txn: '', line: 0, account: d.account, entity: null, openLedger: null, cents: d.cents, date: by.date ? d.date : filter.to, item: null, class: d.key ?? null, type: null, refNumber: null, seq: 0 }));
    // A statement's columns are found from the same sums its figures add up: read once per report.
    const key = JSON.stringify([filter.from, filter.to, narrowingOf(filter), by]);
    let sums = this.sums.get(key);
    if (!sums) this.sums.set(key, (sums = this.reads.postingSums(filter.from, filter.to, narrowingOf(filter), by)));
    return sums;
  }

  /** Reports on the cash basis from here on: invoices and bills count as they are paid (`cashBasis.ts`). */
  useCashBasis(): void {
    this.cash = true;
  }

  private cashPostings(to: string): TransactionPosting[] {
    let rows = this.cashCache.get(to);
    if (!rows) this.cashCache.set(to, (rows = onCashBasis(this.reads.links(), this.read({ from: null, to }))));
    return rows;
  }

  /**
   * The postings a filter keeps, narrowed by SQLite (`LedgerReads.postings`), each read once per
   * report: statements and ledgers ask for the same span more than once.
   */
  private read(filter: PostingFilter): TransactionPosting[] {
    const narrow = narrowingOf(filter);
    const key = JSON.stringify([filter.from, filter.to, narrow]);
    let rows = this.postingReads.get(key);
    if (!rows) this.postingReads.set(key, (rows = this.reads.postings(filter.from, filter.to, narrow)));
    return rows;
  }

  /**
   * Debits less credits by account and day over what a filter keeps, from the sums the books keep
   * per account and day: a row per account and day instead of a posting. Undefined when the
   * filter asks for what a day's sum does not keep (names, items, classes, types, change dates)
   * or on the cash basis (its postings are made when a report asks): read `postings` then.
   */
  daySums(filter: PostingFilter): AccountDay[] | undefined {
    if (this.cash || !byAccountAndDayOnly(filter)) return undefined;
    const key = `${filter.from} ${filter.to}`;
    let rows = this.days.get(key);
    if (!rows) this.days.set(key, (rows = this.reads.accountDays(filter.from, filter.to)));
    const accounts = filter.accounts;
    return accounts ? rows.filter((r) => accounts.has(r.account)) : rows;
  }

  /** How many postings a filter keeps, counted from the sums the books keep; undefined when they cannot tell (see `daySums`). */
  postingCount(filter: PostingFilter): number | undefined {
    return this.daySums(filter)?.reduce((n, d) => n + d.postings, 0);
  }

  /**
   * How many postings a filter keeps that name a party or an item (`key`; null: all), of these
   * object types when `among` is given (`LedgerReads.postingCount`; `distinct`: how many different
   * ones they name); undefined on the cash basis or
   * with a filter on when transactions last changed, which SQLite cannot count.
   */
  keyedPostingCount(filter: PostingFilter, key: 'entity' | 'item' | ReferenceKey | null, among?: readonly string[], distinct = false): number | undefined {
    if (this.cash || filter.updatedFrom !== undefined || filter.updatedTo !== undefined) return undefined;
    return this.reads.postingCount(filter.from, filter.to, narrowingOf(filter), key, among, distinct);
  }

  /** As `daySums`, by class or by name as well (`key`): for statements with a column per class or customer. */
  keyedDaySums(filter: PostingFilter, by: 'class' | 'entity'): KeyedDay[] | undefined {
    if (this.cash || !byAccountAndDayOnly(filter)) return undefined;
    const cacheKey = `${by} ${filter.from} ${filter.to}`;
    let rows = this.keyedDays.get(cacheKey);
    if (!rows) this.keyedDays.set(cacheKey, (rows = this.reads.keyedDays(by, filter.from, filter.to)));
    const accounts = filter.accounts;
    return accounts ? rows.filter((r) => accounts.has(r.account)) : rows;
  }

  /**
   * Debits less credits by party over the postings on one open-item ledger a filter keeps: from the
   * sums kept per transaction when the filter names at most parties, else from the postings.
   */
  partyBalances(filter: PostingFilter & { openLedger: OpenLedger }): Map<string, number> {
    const sums = new Map<string, number>();
    const { entities, openLedger, from, to, ...rest } = filter;
    if (!this.cash && byAccountAndDayOnly(rest) && !rest.accounts) {
      for (const row of this.reads.partyBalances(openLedger, from, to)) if (!entities || entities.has(row.entity)) sums.set(row.entity, row.cents);
      return sums;
    }
    for (const p of this.postings(filter)) if (p.entity !== null) sums.set(p.entity, (sums.get(p.entity) ?? 0) + p.cents);
    return sums;
  }

  /** How many postings on one open-item ledger a filter keeps, when the kept sums can tell (no filter but the ledger and days); else undefined. */
  ledgerPostingCount(filter: PostingFilter & { openLedger: OpenLedger }): number | undefined {
    const { openLedger, from, to, ...rest } = filter;
    if (this.cash || !byAccountAndDayOnly(rest) || rest.accounts) return undefined;
    return this.reads.openPostingCount(openLedger, from, to);
  }

  /** How many parties, and pairs of party and item, the postings a filter keeps name, when the books can tell cheaply (`LedgerReads.namePairCount`). */
  namePairCount(filter: PostingFilter): { names: number; pairs: number } | undefined {
    if (this.cash || filter.updatedFrom !== undefined || filter.updatedTo !== undefined) return undefined;
    return this.reads.namePairCount(filter.from, filter.to, narrowingOf(filter));
  }

  /** Debits less credits by account over the postings a filter keeps; an account with postings that net to zero is there. */
  sumsByAccount(filter: PostingFilter): Map<string, number> {
    // A balance before a period reads years of days: SQLite sums them instead of handing each over.
    if (!this.cash && byAccountAndDayOnly(filter)) {
      const accounts = filter.accounts;
      const rows = this.reads.accountSums(filter.from, filter.to);
      return new Map(rows.filter((r) => !accounts || accounts.has(r.account)).map((r) => [r.account, r.cents]));
    }
    const sums = new Map<string, number>();
    for (const p of this.daySums(filter) ?? this.postings(filter)) sums.set(p.account, (sums.get(p.account) ?? 0) + p.cents);
    return sums;
  }
}
