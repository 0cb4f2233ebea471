import { Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import type { FromReportThread, ReportRequest, ToReportThread } from './reportMessages.ts';
import { StreamedJson } from './StreamedJson.ts';
import { fromThreadError } from './threadErrors.ts';
import { workerModule } from '../../threads/workerModule.ts';
import { YOUNG_GENERATION_MB } from '../../threads/youngGeneration.ts';

/**
 * The thread's first code, inline so that it runs from source and from the bundle alike: it loads
 * the worker's module (through tsx when that is TypeScript, as in tests and source runs) and hands
 * it the port. Not caught: a failure kills the thread, and ReportThread rejects what it had sent.
 */
const BOOTSTRAP = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  if (workerData.tsx) (await import(workerData.tsx)).register();
  const { serveReports } = await import(workerData.entry);
  await serveReports(parentPort);
})();
`;

interface Pending {
  resolve: (json: Buffer | StreamedJson) => void;
  reject: (error: Error) => void;
  /** Shared with the thread: set, it writes no more of this report. */
  stop: Int32Array<SharedArrayBuffer>;
  /** Once the first of several slices came: where the next ones go. */
  rest?: Readable;
}

/** One started worker and the reports it owes. */
interface Running {
  worker: Worker;
  pending: Map<number, Pending>;
  /** Why it died, when it threw: the 'exit' that follows says only a code. */
  failure: Error | undefined;
}

/**
 * Reports of company files on disk, computed on a second thread so that a long one (seconds on a
 * file of 200,000 transactions) leaves this thread free to answer other end users and the sandbox
 * controls. The thread opens each file read-only beside this thread's connection (WAL lets both
 * read); the caller holds the file's queue meanwhile, so nothing writes the file during a report.
 *
 * Started on the first report and kept, with its open files: loading the spec and building the
 * type registry costs hundreds of milliseconds. It keeps the process alive only while a report is
 * out. If it dies, what it owed is rejected (never left hanging) and the next report starts another.
 */
export class ReportThread {
  private running: Running | undefined;
  private nextId = 1;

  /**
   * The report's JSON, as the Service sends it, once the report is computed: whole when it is one
   * slice, else its first slice and the rest as the thread writes them. A refusal rejects.
   */
  report(request: ReportRequest): Promise<Buffer | StreamedJson> {
    const running = this.running ?? this.start();
    const id = this.nextId++;
    const stop = new Int32Array(new SharedArrayBuffer(4));
    return new Promise<Buffer | StreamedJson>((resolve, reject) => {
      running.pending.set(id, { resolve, reject, stop });
      running.worker.ref();
      running.worker.postMessage({ kind: 'report', id, stop, ...request } satisfies ToReportThread);
    });
  }

  /** Reports sent and not answered. */
  get owed(): number {
    return this.running?.pending.size ?? 0;
  }

  /** Whether the thread is up (or starting): a report sent now pays no start. */
  get started(): boolean {
    return this.running !== undefined;
  }

  /** The file at `path` was deleted: the thread lets go of it, before any report on a new file there. */
  forget(path: string): void {
    this.running?.worker.postMessage({ kind: 'forget', path } satisfies ToReportThread);
  }

  /** Stops the thread; reports it owed are rejected. A report after this starts a new one. */
  close(): void {
    const running = this.running;
    if (!running) return;
    this.stopped(running, new Error('the report thread was closed'));
    void running.worker.terminate();
  }

  private start(): Running {
    const worker = new Worker(BOOTSTRAP, { eval: true, workerData: workerModule(import.meta.url, 'reportWorker'), resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB } });
    const running: Running = { worker, pending: new Map(), failure: undefined };
    worker.unref();
    worker.on('message', (message: FromReportThread) => this.settle(running, message));
    worker.on('error', (error) => {
      running.failure = error;
    });
    worker.on('exit', (code) => {
      const why = running.failure ? `: ${running.failure.message}` : ` (exit code ${code})`;
      this.stopped(running, new Error(`the report thread stopped${why}`, { cause: running.failure }));
    });
    this.running = running;
    return running;
  }

  private settle(running: Running, message: FromReportThread): void {
    const { id } = message;
    const pending = running.pending.get(id);
    if (!pending) return;
    if ('error' in message) {
      this.paid(running, id);
      const error = fromThreadError(message.error);
      if (pending.rest) pending.rest.destroy(error);
      else pending.reject(error);
      return;
    }
    const part = Buffer.from(message.part.buffer, message.part.byteOffset, message.part.byteLength);
    if (message.last) this.paid(running, id);
    if (pending.rest) {
      pending.rest.push(part);
      if (message.last) pending.rest.push(null);
    } else if (message.last) pending.resolve(part);
    else {
      // Slices kept apart (object mode), each written as it came; destroyed before the last, the thread stops.
      pending.rest = new Readable({
        objectMode: true,
        read: () => undefined,
        destroy: (error, callback) => {
          if (running.pending.get(id) === pending) {
            Atomics.store(pending.stop, 0, 1);
            this.paid(running, id);
          }
          callback(error);
        },
      });
      pending.resolve(new StreamedJson(part, pending.rest));
    }
  }

  /** The thread owes nothing more of report `id`; owing nothing, it no longer keeps the process alive. */
  private paid(running: Running, id: number): void {
    running.pending.delete(id);
    if (running.pending.size === 0) running.worker.unref();
  }

  /** The thread is gone or going: nothing it owed will come, and a report half sent is cut. */
  private stopped(running: Running, error: Error): void {
    if (this.running === running) this.running = undefined;
    const owed = [...running.pending.values()];
    running.pending.clear();
    for (const pending of owed) {
      if (pending.rest) pending.rest.destroy(error);
      else pending.reject(error);
    }
  }
}
