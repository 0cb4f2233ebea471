import { RequestInputError } from '../values/RequestInputError.ts';
import type { TypeRules } from '../table/TypeRules.ts';

/** A duration as the desktop keeps time: ISO 8601 hours, minutes and seconds (`PT1H30M`). */
const DURATION = /^PT(?=\d)(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?$/;

/**
 * Time worked: posts nothing. Billable unless the request says otherwise (the spec's default, which
 * the request check fills in, customer or not); `isBilled` says whether it has been put on an invoice.
 */
export const timeTrackingRules: TypeRules = {
  compute(_ctx, doc) {
    const duration = String(doc['duration'] ?? '');
    if (!DURATION.test(duration)) throw new RequestInputError('duration', `"${duration}" is not a duration such as PT1H30M (ISO 8601 hours, minutes, seconds).`);
    doc['isBilled'] = doc['billingStatus'] === 'has_been_billed';
  },
};
