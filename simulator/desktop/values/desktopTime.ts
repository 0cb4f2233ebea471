import { DESKTOP_STATUS, DesktopError } from './DesktopError.ts';

/**
 * Desktop-side time: whole seconds, written with the company machine's fixed UTC offset
 * (`2025-03-14T09:26:53-07:00`), as the desktop application reports it.
 */
export function formatDesktopTime(epochSeconds: number, offsetMinutes: number): string {
  const local = new Date((epochSeconds + offsetMinutes * 60) * 1000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  const offset = `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return `${local.toISOString().slice(0, 19)}${offset}`;
}

export function parseDesktopTime(value: string): number {
  return Math.floor(Date.parse(value) / 1000);
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const LOCAL_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/;
const OFFSET_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

export function isValidDate(value: string): boolean {
  const m = DATE_ONLY.exec(value);
  if (!m) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/**
 * The days the desktop's calendar holds (decision 3): a date outside them is refused with 3020, and
 * what the desktop computes from dates (a due date) stays inside them.
 */
export const FIRST_DAY = '1901-01-01';
export const LAST_DAY = '2099-12-31';

/** A real day (`YYYY-MM-DD`) within the desktop's calendar. */
export function isCalendarDate(value: string): boolean {
  return isValidDate(value) && value >= FIRST_DAY && value <= LAST_DAY;
}

/** Refuses (3020) what is not a day of the desktop's calendar, naming the field and the calendar. */
export function assertCalendarDate(value: string, field: string): void {
  if (isCalendarDate(value)) return;
  const why = isValidDate(value) ? `is outside the desktop's calendar (${FIRST_DAY} to ${LAST_DAY})` : 'is not a valid date';
  throw new DesktopError(DESKTOP_STATUS.INVALID_DATE, `"${value}" in ${field} ${why}.`);
}

/** A computed day kept within the calendar: a due date past its last day falls on it. */
export function withinCalendar(date: string): string {
  return date < FIRST_DAY ? FIRST_DAY : date > LAST_DAY ? LAST_DAY : date;
}

/**
 * Reads an `updatedAfter`/`updatedBefore` bound into epoch seconds. A bare date means the whole day
 * in the desktop machine's zone: its start for a lower bound, its last second for an upper bound.
 * Returns undefined when the text is not one of the accepted forms, or its day is not in the calendar.
 */
export function parseTimeBound(value: string, offsetMinutes: number, bound: 'lower' | 'upper'): number | undefined {
  const offsetMs = offsetMinutes * 60_000;
  if (DATE_ONLY.test(value)) {
    if (!isCalendarDate(value)) return undefined;
    const start = Date.parse(`${value}T00:00:00Z`) - offsetMs;
    return Math.floor((bound === 'lower' ? start : start + 86_400_000 - 1000) / 1000);
  }
  if (LOCAL_DATETIME.test(value)) {
    const ms = Date.parse(`${value.length === 16 ? `${value}:00` : value}Z`);
    return Number.isNaN(ms) || !isCalendarDate(value.slice(0, 10)) ? undefined : Math.floor((ms - offsetMs) / 1000);
  }
  if (OFFSET_DATETIME.test(value)) {
    const ms = Date.parse(value);
    return Number.isNaN(ms) || !isCalendarDate(value.slice(0, 10)) ? undefined : Math.floor(ms / 1000);
  }
  return undefined;
}

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
