import { isJsonObject, type JsonObject, type JsonValue } from '../values/json.ts';

/** The lines of a value: an array's objects, or the value itself when it is one object (a line of its own). */
const linesOf = (value: JsonValue | undefined): JsonObject[] => (Array.isArray(value) ? value.filter(isJsonObject) : isJsonObject(value) ? [value] : []);
/** A line's nested lines: a group's lines, an item group line's items. */
const nestedOf = (line: JsonObject): JsonValue[] => Object.values(line).filter((v) => Array.isArray(v) && v.some(isJsonObject));

/**
 * Zeroes the amounts of a transaction as a void does: its own amount (a bill payment's, a
 * transfer's), and every line's of every kind, a group's lines and total included.
 */
export function zeroAmounts(doc: JsonObject): void {
  if (typeof doc['amount'] === 'string') doc['amount'] = '0.00';
  for (const value of Object.values(doc)) zeroLines(value);
}

function zeroLines(value: JsonValue | undefined): void {
  for (const line of linesOf(value)) {
    if (typeof line['amount'] === 'string') line['amount'] = '0.00';
    // An inventory adjustment's lines hold their value as a number.
    if (typeof line['valueDifference'] === 'number') line['valueDifference'] = 0;
    const nested = nestedOf(line);
    if (nested.length > 0 && typeof line['totalAmount'] === 'string') line['totalAmount'] = '0.00';
    for (const lines of nested) zeroLines(lines);
  }
}

/** Whether any amount a void zeroes is not zero: an update that gives one back makes a voided transaction live again. */
export function hasAmounts(doc: JsonObject): boolean {
  const nonZero = (v: JsonValue | undefined): boolean => (typeof v === 'string' && Number(v) !== 0) || (typeof v === 'number' && v !== 0);
  const lineHas = (line: JsonObject): boolean => nonZero(line['amount']) || nonZero(line['valueDifference']) || nestedOf(line).some((lines) => linesOf(lines).some(lineHas));
  return nonZero(doc['amount']) || Object.values(doc).some((value) => linesOf(value).some(lineHas));
}
