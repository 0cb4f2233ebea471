import { deleteTransaction, voidTransaction } from './removeTransaction.ts';
import type { WaitableClock } from './clock.ts';
import type { CompanyFile } from './CompanyFile.ts';
import type { JsonObject } from './values/json.ts';
import { DesktopMachine, type Admission, type DesktopCall } from './machine/DesktopMachine.ts';
import { MACHINE_KEY } from './machine/machineFixture.ts';
import type { CallKind } from './machine/machineStates.ts';
import { QueryEngine, type QueryPage, type QueryParams } from './queries/QueryEngine.ts';
import { runReport } from './reports/runReport.ts';
import type { StreamedJson } from './reportThread/StreamedJson.ts';
import { SerialQueue } from './SerialQueue.ts';
import { answerPassthrough, passthroughKind, statusAnswer, type BodyCheck } from './passthrough/answerPassthrough.ts';
import { DesktopError } from './values/DesktopError.ts';
import { RetPages } from './passthrough/RetPages.ts';

/** What the Service says about a request besides its data: which operation, how long it waits. */
export type CallOptions = Omit<DesktopCall, 'kind' | 'record'>;

const DIRECT: CallOptions = { operationId: '' };

/**
 * Computes a report of the company file as it is now, as the JSON the Service sends: on this
 * thread (`reportJson`), or elsewhere (DesktopHost gives files on disk a report thread). Either way
 * it runs in the file's queue.
 */
export type ReportRunner = (file: CompanyFile, family: string, query: QueryParams) => Buffer | Promise<Buffer | StreamedJson>;

/** A report computed on this thread, as its JSON. */
export function reportJson(file: CompanyFile, family: string, query: QueryParams): Buffer {
  return Buffer.from(JSON.stringify(runReport(file, family, query)), 'utf8');
}

/**
 * The one interface the Service uses to reach a company file, as the real Service reaches the
 * desktop application through its connector: query with iterator, add, modify, retrieve. Every
 * request meets the machine first (connection state, latency, faults), then waits its turn.
 */
export class DesktopApplication {
  private readonly queue = new SerialQueue();
  /** Requests the machine admitted and has not answered: what a control shows as the queue. */
  private readonly admitted = new Set<{ operationId: string; kind: CallKind; admittedAt: number; waitMs: number }>();
  readonly queries: QueryEngine;
  readonly machine: DesktopMachine;
  /** The iterators of passthrough queries answered whole (views, queries across list types). */
  private readonly passthroughPages: RetPages;

  constructor(
    readonly file: CompanyFile,
    private readonly clock: WaitableClock,
    private readonly reports: ReportRunner = reportJson,
  ) {
    this.queries = new QueryEngine(file);
    this.passthroughPages = new RetPages(file.clock);
    this.machine = new DesktopMachine(clock, { load: () => file.store.getMeta(MACHINE_KEY), save: (state) => file.store.setMeta(MACHINE_KEY, state) });
  }

  query(objectType: string, params: QueryParams, limit: number, cursor: string | undefined, call: CallOptions = DIRECT): Promise<QueryPage> {
    return this.run('list', call, () =>
      cursor === undefined ? this.queries.firstPage(objectType, params, limit) : this.queries.nextPage(objectType, cursor, params, limit),
    );
  }

  /** Every match of a list that has no pages. */
  list(objectType: string, params: QueryParams, limit: number | undefined, call: CallOptions = DIRECT): Promise<Buffer> {
    return this.run('list', call, () => this.queries.all(objectType, params, limit));
  }

  single(objectType: string, call: CallOptions = DIRECT): Promise<JsonObject> {
    return this.run('retrieve', call, () => this.file.single(objectType));
  }

  retrieve(objectType: string, id: string, call: CallOptions = DIRECT): Promise<JsonObject> {
    return this.run('retrieve', call, () => this.file.retrieve(objectType, id));
  }

  add(objectType: string, body: JsonObject, call: CallOptions = DIRECT): Promise<JsonObject> {
    return this.run('create', call, () => this.file.add(objectType, body));
  }

  modify(objectType: string, id: string, body: JsonObject, call: CallOptions = DIRECT): Promise<JsonObject> {
    return this.run('update', call, () => this.file.modify(objectType, id, body), `${objectType}:${id}`);
  }

  /** Deletes a transaction; list objects are never deleted (they are made inactive). */
  delete(objectType: string, id: string, call: CallOptions = DIRECT): Promise<JsonObject> {
    return this.run('update', call, () => deleteTransaction(this.file, objectType, id), `${objectType}:${id}`);
  }

  void(objectType: string, id: string, call: CallOptions = DIRECT): Promise<JsonObject> {
    return this.run('update', call, () => voidTransaction(this.file, objectType, id), `${objectType}:${id}`);
  }

  /**
   * A report of a family (`general-summary`), computed from the books as they are when it runs, as
   * its JSON. The file's queue is held until it is done, wherever it is computed: this end user's
   * next requests wait behind it, as they do behind the desktop's own report.
   */
  report(family: string, query: QueryParams, call: CallOptions = DIRECT): Promise<Buffer | StreamedJson> {
    return this.run('list', call, () => this.reports(this.file, family, query));
  }

  /**
   * One request of the desktop's own vocabulary (`{"CustomerQueryRq": {...}}`), answered in it:
   * through the same machine and queue as every other request, counted as the kind of work it asks.
   */
  passthrough(body: JsonObject, checkBody: BodyCheck | undefined, call: CallOptions = DIRECT): Promise<JsonObject> {
    return this.run(passthroughKind(body), call, () => answerPassthrough({ file: this.file, queries: this.queries, pages: this.passthroughPages, checkBody }, body)).catch((error: unknown) => {
      if (error instanceof DesktopError) return statusAnswer(body, error);
      throw error;
    });
  }

  /**
   * A report as `report` computes it (on the report thread where the file has one), in the file's
   * queue but not through its machine: for the sandbox's own pages, which no fault or latency meets.
   */
  reportUnsteered(family: string, query: QueryParams): Promise<Buffer | StreamedJson> {
    return this.queue.run(() => this.reports(this.file, family, query));
  }

  /** Work on the company file that must not interleave with requests (a fixture load), in queue order. */
  exclusive<T>(work: (file: CompanyFile) => T): Promise<T> {
    return this.queue.run(() => work(this.file));
  }

  /** A trivial round trip through the connector and the queue, as the health check sends one. */
  ping(call: CallOptions = DIRECT): Promise<void> {
    return this.run('health', call, () => undefined);
  }

  /** Requests admitted and not answered yet, the one being worked on included. */
  get queueDepth(): number {
    return this.queue.depth;
  }

  /** The requests waiting at a slow or starting machine, in arrival order, with the wait each was given. */
  queued(): { operationId: string; kind: CallKind; admittedAt: string; waitMs: number }[] {
    return [...this.admitted].map((a) => ({ ...a, admittedAt: new Date(a.admittedAt).toISOString() }));
  }

  sweepIterators(): void {
    this.queries.iterators.sweep();
  }

  close(): void {
    this.file.close();
  }

  private run<T>(kind: CallKind, options: CallOptions, work: () => T | Promise<T>, record?: string): Promise<T> {
    const call: DesktopCall = { ...options, kind, record };
    // Nothing switched on: straight to the queue, as fast as before the machine existed.
    if (this.machine.idle) {
      return this.queue.run(() => {
        this.machine.beforeWork(call);
        return work();
      });
    }
    let admission: Admission;
    try {
      admission = this.machine.admit(call);
    } catch (error) {
      return Promise.reject(error as Error);
    }
    const seen = { operationId: call.operationId, kind, admittedAt: this.clock.now(), waitMs: admission.waitMs };
    this.admitted.add(seen);
    return this.queue.run(async () => {
      try {
        await this.clock.sleep(admission.waitMs);
        if (admission.error) throw admission.error;
        this.machine.beforeWork(call);
        // Awaited: work done on another thread (a report) ends when its answer comes.
        const result = await work();
        this.machine.afterWork(call);
        if (admission.lostAnswer) throw admission.lostAnswer;
        return result;
      } finally {
        this.admitted.delete(seen);
      }
    });
  }
}
