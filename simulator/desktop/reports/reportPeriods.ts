import { addDays, assertCalendarDate, withinCalendar } from '../values/desktopTime.ts';
import { DESKTOP_STATUS, DesktopError } from '../values/DesktopError.ts';
import { RequestInputError } from '../values/RequestInputError.ts';

/** The days a report covers, both ends included; `from` null for "since the first posting". */
export interface Period {
  from: string | null;
  to: string;
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** The month (0-11) a fiscal year starts in, from the company record's `fiscalYearStartMonth`. */
export function monthIndexOf(name: unknown): number {
  const index = typeof name === 'string' ? MONTHS.indexOf(name) : -1;
  return index < 0 ? 0 : index;
}

const ymd = (y: number, m: number, d: number): string => new Date(Date.UTC(y, m, d)).toISOString().slice(0, 10);
const parts = (date: string): [number, number, number] => {
  const [y, m, d] = date.split('-').map(Number);
  return [y ?? 1970, (m ?? 1) - 1, d ?? 1];
};

/** The first day of the year (calendar or fiscal, by its first month) that holds `date`. */
export function yearStart(date: string, firstMonth: number): string {
  const [y, m] = parts(date);
  return ymd(m >= firstMonth ? y : y - 1, firstMonth, 1);
}

function quarterStart(date: string, firstMonth: number): string {
  const [y, m] = parts(date);
  const offset = (((m - firstMonth) % 3) + 3) % 3;
  return ymd(y, m - offset, 1);
}

const monthStart = (date: string): string => {
  const [y, m] = parts(date);
  return ymd(y, m, 1);
};
/** Weeks start on Sunday, as the desktop application's reports count them. */
const weekStart = (date: string): string => addDays(date, -new Date(`${date}T00:00:00Z`).getUTCDay());
const monthsLater = (start: string, months: number): string => {
  const [y, m] = parts(start);
  return ymd(y, m + months, 1);
};
const dayBefore = (date: string): string => addDays(date, -1);

/**
 * A date macro on the company file's today: `this_month` is the whole month, `this_month_to_date`
 * ends today, `last_*` is the period before, `next_*` the one after. Quarters and years count from
 * `firstMonth` (January, or the fiscal year's first month for a fiscal calendar).
 */
export function periodOfMacro(macro: string, today: string, firstMonth: number): Period {
  const year = yearStart(today, firstMonth);
  const quarter = quarterStart(today, firstMonth);
  const month = monthStart(today);
  const week = weekStart(today);
  switch (macro) {
    case 'all':
      return { from: null, to: today };
    case 'today':
      return { from: today, to: today };
    case 'yesterday':
      return { from: dayBefore(today), to: dayBefore(today) };
    case 'this_week':
      return { from: week, to: addDays(week, 6) };
    case 'this_week_to_date':
      return { from: week, to: today };
    case 'this_month':
      return { from: month, to: dayBefore(monthsLater(month, 1)) };
    case 'this_month_to_date':
      return { from: month, to: today };
    case 'this_quarter':
      return { from: quarter, to: dayBefore(monthsLater(quarter, 3)) };
    case 'this_quarter_to_date':
      return { from: quarter, to: today };
    case 'this_year':
      return { from: year, to: dayBefore(monthsLater(year, 12)) };
    case 'this_year_to_date':
      return { from: year, to: today };
    case 'last_week':
      return { from: addDays(week, -7), to: dayBefore(week) };
    case 'last_week_to_date':
      return { from: addDays(week, -7), to: addDays(today, -7) };
    case 'last_month':
      return { from: monthsLater(month, -1), to: dayBefore(month) };
    case 'last_month_to_date':
      return { from: monthsLater(month, -1), to: sameDayEarlier(today, 1) };
    case 'last_quarter':
      return { from: monthsLater(quarter, -3), to: dayBefore(quarter) };
    case 'last_quarter_to_date':
      return { from: monthsLater(quarter, -3), to: sameDayEarlier(today, 3) };
    case 'last_year':
      return { from: monthsLater(year, -12), to: dayBefore(year) };
    case 'last_year_to_date':
      return { from: monthsLater(year, -12), to: sameDayEarlier(today, 12) };
    case 'next_week':
      return { from: addDays(week, 7), to: addDays(week, 13) };
    case 'next_four_weeks':
      return { from: addDays(today, 1), to: addDays(today, 28) };
    case 'next_month':
      return { from: monthsLater(month, 1), to: dayBefore(monthsLater(month, 2)) };
    case 'next_quarter':
      return { from: monthsLater(quarter, 3), to: dayBefore(monthsLater(quarter, 6)) };
    case 'next_year':
      return { from: monthsLater(year, 12), to: dayBefore(monthsLater(year, 24)) };
    default:
      throw new RequestInputError('reportDateMacro', `"${macro}" is not a date macro`);
  }
}

/** The same day `months` earlier, or that month's last day when it is shorter (March 31 -> February 28). */
function sameDayEarlier(date: string, months: number): string {
  const [y, m, d] = parts(date);
  const last = new Date(Date.UTC(y, m - months + 1, 0)).getUTCDate();
  return ymd(y, m - months, Math.min(d, last));
}

/**
 * The period a report covers: explicit dates win over a macro (either end may be left out: from
 * the first posting, or to today); nothing given is `defaultMacro` (this month to date for most
 * reports, as the desktop application opens them).
 */
export function reportPeriod(query: { reportDateFrom?: unknown; reportDateTo?: unknown; reportDateMacro?: unknown }, today: string, firstMonth: number, defaultMacro: string): Period {
  const from = typeof query.reportDateFrom === 'string' ? query.reportDateFrom : undefined;
  const to = typeof query.reportDateTo === 'string' ? query.reportDateTo : undefined;
  if (from !== undefined || to !== undefined) {
    if (from !== undefined) assertCalendarDate(from, 'reportDateFrom');
    if (to !== undefined) assertCalendarDate(to, 'reportDateTo');
    const period = { from: from ?? null, to: to ?? today };
    if (period.from !== null && period.from > period.to) throw new DesktopError(DESKTOP_STATUS.DATE_RANGE_REVERSED, `reportDateFrom "${period.from}" is after reportDateTo "${period.to}".`);
    return period;
  }
  // A period named from today (next year, say) stays within the calendar, as every date the desktop computes.
  const { from: macroFrom, to: macroTo } = periodOfMacro(typeof query.reportDateMacro === 'string' ? query.reportDateMacro : defaultMacro, today, firstMonth);
  return { from: macroFrom === null ? null : withinCalendar(macroFrom), to: withinCalendar(macroTo) };
}
