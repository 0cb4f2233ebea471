import type { CompanyFileStore } from './CompanyFileStore.ts';

/**
 * Desktop-style ids: a hex sequence number and the creation time in epoch seconds. List objects
 * count up from 80000001; transactions and their lines share a second sequence, so a transaction id
 * is unique across every transaction type. Counters live in the company file, so ids never repeat
 * across restarts.
 */
export class IdAllocator {
  constructor(private readonly store: CompanyFileStore) {}

  private next(counter: string, start: number): number {
    const current = Number(this.store.getMeta(counter) ?? start - 1);
    const value = current + 1;
    this.store.setMeta(counter, String(value));
    return value;
  }

  listObjectId(epochSeconds: number): string {
    return `${this.next('counter.list', 0x80000001).toString(16).toUpperCase()}-${epochSeconds}`;
  }

  transactionId(epochSeconds: number): string {
    return `${this.next('counter.txn', 0x1a0).toString(16).toUpperCase()}-${epochSeconds}`;
  }
}

export const LIST_OBJECT_ID = /^[0-9A-F]{1,16}-\d{1,12}$/;
export const TRANSACTION_ID = /^[0-9A-F]{1,16}-\d{1,12}$/;
