import { RequestInputError } from '../values/RequestInputError.ts';
import type { TypeRules } from '../table/TypeRules.ts';

/** A duration as the desktop keeps time: ISO 8601 hours, minutes and seconds (`PT1H30M`). */
const DURATION = /^PT(?=\d)(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?$/;

/**
 * Time worked: posts nothing. Time for a customer is billable unless the request says otherwise;
 * `isBilled` says whether it has been put on an invoice.
 */
export const timeTrackingRules: TypeRules = {
  compute(_ctx, doc, body, previous) {
    const duration = String(doc['duration'] ?? '');
    if (!DURATION.test(duration)) throw new RequestInputError('duration', `"${duration}" is not a duration such as PT1H30M (ISO 8601 hours, minutes, seconds).`);
    if (!previous && !('billingStatus' in body)) doc['billingStatus'] = doc['customer'] === null ? 'not_billable' : 'billable';
    doc['isBilled'] = doc['billingStatus'] === 'has_been_billed';
  },
};
