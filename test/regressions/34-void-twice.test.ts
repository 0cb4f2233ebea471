import { beforeAll, describe, expect, it } from 'vitest';
import type { CompanyFile } from '../../simulator/desktop/CompanyFile.ts';
import { voidTransaction } from '../../simulator/desktop/removeTransaction.ts';
import { all } from '../support/bookWriteKit.ts';
import { seededBooks } from '../support/seededBooks.ts';

const seeded = seededBooks({ customers: 4, invoices: 30, 'journal-entries': 3 });

/** The postings and the stored object: what a no-op must leave as it was. */
const stateOf = (file: CompanyFile, type: string, id: string): unknown => ({ doc: file.retrieve(type, id), postings: file.store.ledger.postingsOf(id) });

describe('issue 34: voiding a voided transaction changes nothing', () => {
  let file: CompanyFile;
  beforeAll(() => {
    file = seeded(34);
  });

  it.each(['ldg_invoice', 'ldg_journal_entry'])('a %s voided twice keeps its revision number and updatedAt, and answers as the first void did', (type) => {
    const id = String(all(file, type).find((d) => file.store.ledger.links.to(String(d['id'])).length === 0)?.['id']);
    const first = voidTransaction(file, type, id);
    const voided = stateOf(file, type, id);
    // It posts nothing, not even the cost of the stock its lines still count (they keep their quantities at zero amounts).
    expect(file.store.ledger.postingsOf(id)).toEqual([]);
    const revision = file.retrieve(type, id)['revisionNumber'];
    const second = voidTransaction(file, type, id);
    expect(second).toEqual(first);
    expect(stateOf(file, type, id)).toEqual(voided);
    expect(file.retrieve(type, id)['revisionNumber']).toBe(revision);
    // Whoever held the voided revision can still write with it.
    expect(() => file.modify(type, id, { revisionNumber: String(revision) })).not.toThrow();
  });
});
