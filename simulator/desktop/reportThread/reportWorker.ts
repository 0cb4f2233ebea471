import type { MessagePort } from 'node:worker_threads';
import { buildTypeRegistry } from '../engine/checkTypeTable.ts';
import { runReport } from '../reports/runReport.ts';
import { inReadSnapshot } from '../storage/readSnapshot.ts';
import { TYPE_TABLE } from '../table/typeTable.ts';
import { loadServiceSpec } from '../../spec/serviceSpec.ts';
import { ReadOnlyFiles } from './ReadOnlyFiles.ts';
import type { FromReportThread, ReportRequest, ToReportThread } from './reportMessages.ts';
import { lowerThisThreadsPriority } from './threadPriority.ts';
import { toThreadError } from './threadErrors.ts';

/**
 * One report, on the file as last committed, in one read snapshot, as the JSON the Service sends.
 * Made into JSON here, not cloned: structured clone of a report of 16 MB of JSON took a second, on
 * both threads together, where JSON.stringify takes a sixth of that and the bytes cross for free.
 */
function answer(files: ReadOnlyFiles, id: number, request: ReportRequest): FromReportThread {
  try {
    const file = files.at(request.path, request.nowSeconds);
    const report = inReadSnapshot(file.store, () => runReport(file, request.family, request.query));
    return { id, json: new TextEncoder().encode(JSON.stringify(report)) };
  } catch (error) {
    return { id, error: toThreadError(error) };
  }
}

/**
 * The report thread's work (ReportThread starts it; this module is its entry, bundled as
 * reportWorker.mjs): the spec and type registry loaded once, then reports one at a time as they
 * come, at a lower priority than the main thread. Messages that arrive while the spec loads wait
 * on the port. A failure to load is not caught: the thread dies of it, and ReportThread rejects
 * what it had sent.
 */
export async function serveReports(port: MessagePort): Promise<void> {
  // The main thread answers every other end user and the controls: it goes first.
  lowerThisThreadsPriority();
  const { operations } = await loadServiceSpec();
  const files = new ReadOnlyFiles(buildTypeRegistry(TYPE_TABLE, operations));
  port.on('message', (message: ToReportThread) => {
    if (message.kind === 'forget') files.forget(message.path);
    else {
      const reply = answer(files, message.id, message);
      port.postMessage(reply, 'json' in reply ? [reply.json.buffer] : []);
    }
  });
  port.on('close', () => files.closeAll());
}
