import type { ReportRequest } from './reportMessages.ts';
import { ReportThread } from './ReportThread.ts';
import type { StreamedJson } from './StreamedJson.ts';

/**
 * A few report threads, so that one end user's long report does not hold another end user's
 * report behind it. A report goes to an idle thread that is up; a thread is started only when
 * none is idle (a sandbox that never has two reports at once runs one thread), and past `size`
 * the report waits on the thread that owes fewest. Two by default: the main thread needs a core
 * too, and every thread keeps its own spec, type registry and open files.
 */
export class ReportThreads {
  private readonly threads: ReportThread[];

  constructor(size = 2) {
    this.threads = Array.from({ length: Math.max(1, size) }, () => new ReportThread());
  }

  report(request: ReportRequest): Promise<Buffer | StreamedJson> {
    return this.pick().report(request);
  }

  private pick(): ReportThread {
    const idle = this.threads.find((t) => t.started && t.owed === 0) ?? this.threads.find((t) => !t.started);
    if (idle) return idle;
    return this.threads.reduce((best, t) => (t.owed < best.owed ? t : best));
  }

  forget(path: string): void {
    for (const thread of this.threads) thread.forget(path);
  }

  close(): void {
    for (const thread of this.threads) thread.close();
  }
}
