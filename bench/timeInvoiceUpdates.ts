import { httpsGet, type GetTarget } from './httpsGet.ts';
import { httpsPostJson } from './httpsPostJson.ts';
import { latencyStats, type LatencyStats } from './latencyStats.ts';

/** A client's edits of one end user's invoices, one at a time, timed from sent to answered. */
export interface InvoiceUpdates {
  latency: LatencyStats;
  errors: number;
  firstError?: string;
}

/**
 * Changes the memo of the first `count` invoices of the end user's list, one request at a time,
 * as a sync job writes back: each is re-posted, its accounts and customer rolled up and its open
 * amounts settled, the desktop's whole write path on a company file of this size.
 */
export async function timeInvoiceUpdates(target: GetTarget, count: number): Promise<InvoiceUpdates> {
  const page = await httpsGet(target, `/v1/ledger-desktop/invoices?limit=${count}`);
  if (page.status !== 200) throw new Error(`GET invoices: HTTP ${page.status} ${page.body.toString('utf8').slice(0, 300)}`);
  const invoices = (JSON.parse(page.body.toString('utf8')) as { data: { id: string; revisionNumber: string }[] }).data;
  const samples: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  for (const [place, invoice] of invoices.entries()) {
    const started = performance.now();
    const res = await httpsPostJson(target, `/v1/ledger-desktop/invoices/${invoice.id}`, { revisionNumber: invoice.revisionNumber, memo: `bench edit ${place + 1}` });
    if (res.status === 200) samples.push(performance.now() - started);
    else {
      errors += 1;
      firstError ??= `HTTP ${res.status}: ${res.body.toString('utf8').slice(0, 200)}`;
    }
  }
  return { latency: latencyStats(samples), errors, ...(firstError === undefined ? {} : { firstError }) };
}
