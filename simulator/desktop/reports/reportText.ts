import type { Period } from './reportPeriods.ts';

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** `2025-02-01` -> `February 1, 2025`, as report subtitles write days. */
export function longDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return `${MONTH_NAMES[(m ?? 1) - 1] ?? ''} ${d ?? 1}, ${y ?? ''}`;
}

/** `2025-02-01` -> `Feb 1, 25`, as column headings write days. */
export function shortDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return `${(MONTH_NAMES[(m ?? 1) - 1] ?? '').slice(0, 3)} ${d ?? 1}, ${String(y ?? '').slice(2)}`;
}

/** The subtitle of a report over a period: `January 1 through March 31, 2025`, or `All Transactions`. */
export function periodSubtitle(period: Period): string {
  if (period.from === null) return 'All Transactions';
  if (period.from === period.to) return longDate(period.to);
  const from = longDate(period.from);
  const sameYear = period.from.slice(0, 4) === period.to.slice(0, 4);
  return `${sameYear ? from.replace(/, \d+$/, '') : from} through ${longDate(period.to)}`;
}

/** The heading of a column over a period: `Jan 1 - Mar 31, 25`. */
export function periodHeading(period: Period): string {
  if (period.from === null) return `Through ${shortDate(period.to)}`;
  if (period.from === period.to) return shortDate(period.to);
  const sameYear = period.from.slice(0, 4) === period.to.slice(0, 4);
  return `${sameYear ? shortDate(period.from).replace(/, \d+$/, '') : shortDate(period.from)} - ${shortDate(period.to)}`;
}
