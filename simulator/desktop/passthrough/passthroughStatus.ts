import type { DesktopError } from '../values/DesktopError.ts';
import type { JsonObject } from '../values/json.ts';

/** The desktop's status attributes of an answer that went well, and of a query that found nothing. */
export const OK = { statusCode: '0', statusSeverity: 'Info', statusMessage: 'Status OK' } as const;
export const NO_MATCH = { statusCode: '1', statusSeverity: 'Info', statusMessage: 'A query request did not find a matching object in the company file' } as const;

/** The list parameters a desktop status may name, by the desktop's element the request sent them as. */
const ELEMENT_OF_PARAMETER: readonly [RegExp, string][] = [
  [/\btransactionDateFrom\b/g, 'FromTxnDate'],
  [/\btransactionDateTo\b/g, 'ToTxnDate'],
  [/\bupdatedAfter\b/g, 'FromModifiedDate'],
  [/\bupdatedBefore\b/g, 'ToModifiedDate'],
  [/\bdeletedAfter\b/g, 'FromDeletedDate'],
  [/\bdeletedBefore\b/g, 'ToDeletedDate'],
];

/** A desktop error as the status attributes of its response element: below 1000 a warning, else an error. */
export function statusOf(error: DesktopError): JsonObject {
  const message = ELEMENT_OF_PARAMETER.reduce((text, [param, element]) => text.replace(param, element), error.message);
  return { statusCode: String(error.status), statusSeverity: error.status < 1000 ? 'Warn' : 'Error', statusMessage: message };
}
