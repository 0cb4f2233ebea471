import type { CompanyFile } from '../CompanyFile.ts';
import { IteratorRegistry, type QueryIterator } from './IteratorRegistry.ts';
import { PAGING_PARAMETERS } from '../storage/queryFilters.ts';
import { filterKeyOf, objectParts, type QueryPage, type QueryParams } from './queryPages.ts';
import type { PagedView } from '../table/TypeRow.ts';

/**
 * Pages of the views that have them (the cross-type `transactions` list). A sequence keeps the
 * keys of its matches, worked out at its first page, and each page shapes its own slice; cursors
 * live and die as every list's do (10 s after the last page, an error after the end).
 */
export class ViewPages {
  private readonly iterators: IteratorRegistry<readonly unknown[]>;

  constructor(private readonly file: CompanyFile) {
    this.iterators = new IteratorRegistry<readonly unknown[]>(file.clock);
  }

  first(objectType: string, view: PagedView, params: QueryParams, limit: number): QueryPage {
    const entries = view.matches(this.file, params);
    const iterator = this.iterators.open({ objectType, filterKey: filterKeyOf(params), output: {}, plan: entries, snapshot: this.file.store.writeNumber, total: entries.length });
    return this.page(iterator, view, limit);
  }

  next(objectType: string, view: PagedView, cursor: string, params: QueryParams, limit: number): QueryPage {
    const sentFilters = Object.keys(params).some((k) => !PAGING_PARAMETERS.has(k));
    return this.page(this.iterators.resume(cursor, objectType, sentFilters ? filterKeyOf(params) : undefined), view, limit);
  }

  private page(iterator: QueryIterator<readonly unknown[]>, view: PagedView, limit: number): QueryPage {
    const slice = iterator.plan.slice(iterator.delivered, iterator.delivered + limit);
    const shaped = view.shape(this.file, slice);
    iterator.delivered += slice.length;
    const remaining = iterator.total - iterator.delivered;
    this.iterators.answered(iterator);
    return { data: objectParts(shaped), count: shaped.length, cursor: remaining > 0 ? iterator.id : null, remaining };
  }
}
