import { createHash } from 'node:crypto';
import type { CompanyFileStore } from './CompanyFileStore.ts';

/** Ids one type can hand out before its block is spent. */
const BLOCK_SIZE = 2 ** 24;

/** Blocks by type, hashed once: every add asks. */
const blocks = new Map<string, number>();

/**
 * Each type counts in a block of its own, chosen by a hash of its name: ids stay unique across every
 * type (as the desktop's are), and adding a type to the company file never moves another type's ids.
 * The start refuses a type table in which two types share a block.
 */
export function idBlockOf(objectType: string): number {
  let block = blocks.get(objectType);
  if (block === undefined) {
    block = createHash('sha256').update(`ledger-sim:${objectType}`).digest().readUInt16BE(0) & 0xfff;
    blocks.set(objectType, block);
  }
  return block;
}

const LIST_BASE = 0x80000001;

/** The counter of the first list object of a type: its ids count up from there, one per object made. */
export function firstListCounter(objectType: string): number {
  return LIST_BASE + idBlockOf(objectType) * BLOCK_SIZE;
}

/**
 * Desktop-style ids: a hex sequence number and the creation time in epoch seconds. List objects
 * count up from 80000001 within their type's block; transactions (and their lines) from 1A0 within
 * theirs. Counters live in the company file, so ids never repeat across restarts.
 */
export class IdAllocator {
  constructor(private readonly store: CompanyFileStore) {}

  private next(objectType: string, base: number): number {
    const counter = `counter.${objectType}`;
    const start = base + idBlockOf(objectType) * BLOCK_SIZE;
    const value = Number(this.store.getMeta(counter) ?? start - 1) + 1;
    if (value >= start + BLOCK_SIZE) throw new Error(`${objectType}: the company file holds at most ${BLOCK_SIZE - 1} objects of one type`);
    this.store.setMeta(counter, String(value));
    return value;
  }

  listObjectId(objectType: string, epochSeconds: number): string {
    return `${this.next(objectType, LIST_BASE).toString(16).toUpperCase()}-${epochSeconds}`;
  }

  transactionId(objectType: string, epochSeconds: number): string {
    return `${this.next(objectType, 0x1a0).toString(16).toUpperCase()}-${epochSeconds}`;
  }
}

export const LIST_OBJECT_ID = /^[0-9A-F]{1,16}-\d{1,12}$/;
export const TRANSACTION_ID = /^[0-9A-F]{1,16}-\d{1,12}$/;
