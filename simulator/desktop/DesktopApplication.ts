import type { CompanyFile } from './CompanyFile.ts';
import type { JsonObject } from './json.ts';
import { QueryEngine, type QueryPage, type QueryParams } from './QueryEngine.ts';
import { SerialQueue } from './SerialQueue.ts';

/**
 * The one interface the Service uses to reach a company file, as the real Service reaches the
 * desktop application through its connector: query with iterator, add, modify, retrieve.
 */
export class DesktopApplication {
  private readonly queue = new SerialQueue();
  readonly queries: QueryEngine;

  constructor(readonly file: CompanyFile) {
    this.queries = new QueryEngine(file);
  }

  query(objectType: string, params: QueryParams, limit: number, cursor: string | undefined): Promise<QueryPage> {
    return this.queue.run(() =>
      cursor === undefined ? this.queries.firstPage(objectType, params, limit) : this.queries.nextPage(objectType, cursor, params, limit),
    );
  }

  /** Every match of a list that has no pages. */
  list(objectType: string, params: QueryParams, limit: number | undefined): Promise<Buffer> {
    return this.queue.run(() => this.queries.all(objectType, params, limit));
  }

  single(objectType: string): Promise<JsonObject> {
    return this.queue.run(() => this.file.single(objectType));
  }

  retrieve(objectType: string, id: string): Promise<JsonObject> {
    return this.queue.run(() => this.file.retrieve(objectType, id));
  }

  add(objectType: string, body: JsonObject): Promise<JsonObject> {
    return this.queue.run(() => this.file.add(objectType, body));
  }

  modify(objectType: string, id: string, body: JsonObject): Promise<JsonObject> {
    return this.queue.run(() => this.file.modify(objectType, id, body));
  }

  /** Work on the company file that must not interleave with requests (a fixture load), in queue order. */
  exclusive<T>(work: (file: CompanyFile) => T): Promise<T> {
    return this.queue.run(() => work(this.file));
  }

  /** A trivial round trip through the queue, as the health check sends one. */
  ping(): Promise<void> {
    return this.queue.run(() => undefined);
  }

  sweepIterators(): void {
    this.queries.iterators.sweep();
  }

  close(): void {
    this.file.close();
  }
}
