import type { ListPosition } from './IteratorRegistry.ts';

export interface CachedFirstPage {
  /** The page's objects as sent: stored bytes joined by commas. */
  data: Buffer;
  count: number;
  after: ListPosition;
}

const MAX_ENTRIES = 64;
const MAX_BYTES = 32 * 1024 * 1024;

/**
 * First pages of lists, by query and write number. A first page asked again before any write (a
 * sync job polling, many clients starting a walk) is the same page by construction: the same
 * query over the same snapshot. Entries of an older write number are never served: a first page
 * is always taken at the current one, so they are dropped as soon as they are looked at.
 */
export class FirstPageCache {
  private readonly pages = new Map<string, CachedFirstPage & { write: number }>();
  private bytes = 0;

  get(key: string, write: number): CachedFirstPage | undefined {
    const found = this.pages.get(key);
    if (found && found.write !== write) {
      this.drop(key);
      return undefined;
    }
    return found;
  }

  set(key: string, write: number, page: CachedFirstPage): void {
    this.drop(key);
    if (page.data.length > MAX_BYTES) return;
    this.pages.set(key, { ...page, write });
    this.bytes += page.data.length;
    for (const [oldest] of this.pages) {
      if (this.pages.size <= MAX_ENTRIES && this.bytes <= MAX_BYTES) break;
      this.drop(oldest);
    }
  }

  private drop(key: string): void {
    const old = this.pages.get(key);
    if (!old) return;
    this.pages.delete(key);
    this.bytes -= old.data.length;
  }
}
