import type { MessagePort } from 'node:worker_threads';
import { buildTypeRegistry } from '../engine/checkTypeTable.ts';
import { buildReport } from '../reports/runReport.ts';
import type { ReportJsonParts } from '../reports/ReportSheet.ts';
import { inReadSnapshot } from '../storage/readSnapshot.ts';
import { TYPE_TABLE } from '../table/typeTable.ts';
import { loadServiceSpec } from '../../spec/serviceSpec.ts';
import { ReadOnlyFiles } from './ReadOnlyFiles.ts';
import type { FromReportThread, ToReportThread } from './reportMessages.ts';
import { lowerThisThreadsPriority } from './threadPriority.ts';
import { toThreadError } from './threadErrors.ts';
import { jsonSlices } from './jsonSlices.ts';

/**
 * One report, on the file as last committed, in one read snapshot, as the JSON the Service sends.
 * Made into JSON here, not cloned: structured clone of a report of 16 MB of JSON took a second, on
 * both threads together, where writing its JSON takes a sixth of that and the bytes cross for free.
 * The JSON leaves a slice at a time (`jsonSlices`) once the whole report is computed, so whether it
 * is refused is known before any of it is sent, and the main thread sends each slice while this
 * thread writes the next. Nothing more is written once the main thread says stop.
 */
function answer(files: ReadOnlyFiles, port: MessagePort, message: Extract<ToReportThread, { kind: 'report' }>): void {
  const { id, stop } = message;
  let report: ReportJsonParts;
  try {
    const file = files.at(message.path, message.nowSeconds);
    report = inReadSnapshot(file.store, () => buildReport(file, message.family, message.query).jsonParts());
  } catch (error) {
    port.postMessage({ id, error: toThreadError(error) } satisfies FromReportThread);
    return;
  }
  postSlices((reply, transfer) => port.postMessage(reply, transfer), id, report, stop);
}

/**
 * Writes report `id`'s JSON a slice at a time into `post`, the last marked, each slice's buffer
 * moved; between slices it looks at `stop` and writes nothing more once the main thread set it.
 */
export function postSlices(post: (reply: FromReportThread, transfer: ArrayBuffer[]) => void, id: number, report: ReportJsonParts, stop: Int32Array<SharedArrayBuffer>): void {
  const slices = jsonSlices(report);
  let slice = slices.next();
  while (!slice.done && Atomics.load(stop, 0) === 0) {
    const next = slices.next();
    post({ id, part: slice.value, last: next.done === true }, [slice.value.buffer]);
    slice = next;
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
    else answer(files, port, message);
  });
  port.on('close', () => files.closeAll());
}
