import { describe, expect, it } from 'vitest';
import { dateMacroPeriod } from './queryLookups.ts';
import { PassthroughParseError } from './PassthroughParseError.ts';

// The desktop's DateMacro values on a Wednesday, 2026-05-13, for a company whose fiscal year starts
// in July (6) and for one whose starts in January: the fiscal macros differ, the calendar ones not.
const TODAY = '2026-05-13';

describe('dateMacroPeriod', () => {
  it.each([
    ['Today', 6, '2026-05-13', '2026-05-13'],
    ['ThisWeek', 6, '2026-05-10', '2026-05-16'],
    ['LastMonthToDate', 6, '2026-04-01', '2026-04-13'],
    ['ThisCalendarQuarter', 6, '2026-04-01', '2026-06-30'],
    ['ThisFiscalQuarter', 6, '2026-04-01', '2026-06-30'],
    ['ThisFiscalQuarter', 1, '2026-05-01', '2026-07-31'],
    ['ThisCalendarYear', 6, '2026-01-01', '2026-12-31'],
    ['ThisFiscalYear', 6, '2025-07-01', '2026-06-30'],
    ['ThisFiscalYear', 0, '2026-01-01', '2026-12-31'],
    ['ThisFiscalYearToDate', 6, '2025-07-01', '2026-05-13'],
    ['LastFiscalYear', 6, '2024-07-01', '2025-06-30'],
    ['LastCalendarQuarter', 6, '2026-01-01', '2026-03-31'],
    ['NextFiscalYear', 6, '2026-07-01', '2027-06-30'],
    ['NextFourWeeks', 6, '2026-05-14', '2026-06-10'],
  ])('%s (fiscal year from month %i): %s to %s', (macro, fiscal, from, to) => {
    expect(dateMacroPeriod(macro, TODAY, fiscal)).toEqual({ from, to });
  });

  it('All names no days; a value the desktop does not have is a parse error', () => {
    expect(dateMacroPeriod('All', TODAY, 6)).toBeNull();
    expect(() => dateMacroPeriod('ThisDecade', TODAY, 6)).toThrow(PassthroughParseError);
    expect(() => dateMacroPeriod('toString', TODAY, 6)).toThrow(PassthroughParseError);
  });
});
