import { describe, expect, it } from 'vitest';
import { addDays, formatDesktopTime, isValidDate, parseTimeBound } from './desktopTime.ts';

const at = (iso: string): number => Date.parse(iso) / 1000;

describe('desktop time', () => {
  it('writes whole seconds with the machine offset', () => {
    expect(formatDesktopTime(at('2025-03-14T16:26:53Z'), -420)).toBe('2025-03-14T09:26:53-07:00');
    expect(formatDesktopTime(at('2025-03-14T16:26:53Z'), 330)).toBe('2025-03-14T21:56:53+05:30');
  });

  it.each([
    ['2025-03-14', 'lower', '2025-03-14T05:00:00Z'],
    ['2025-03-14', 'upper', '2025-03-15T04:59:59Z'],
    ['2025-03-14T08:00:00', 'lower', '2025-03-14T13:00:00Z'],
    ['2025-03-14T08:00', 'upper', '2025-03-14T13:00:00Z'],
    ['2025-03-14T08:00:00+02:00', 'lower', '2025-03-14T06:00:00Z'],
    ['2025-03-14T08:00:00Z', 'lower', '2025-03-14T08:00:00Z'],
  ] as const)('reads the bound %s (%s) in a UTC-5 company', (text, bound, expected) => {
    expect(parseTimeBound(text, -300, bound)).toBe(at(expected));
  });

  it.each(['2025-02-30', 'yesterday', '2025-3-1', '2025-03-14T25:00:00', ''])('refuses %j', (text) => {
    expect(parseTimeBound(text, 0, 'lower')).toBeUndefined();
  });

  it('checks calendar dates and adds days across month ends', () => {
    expect(isValidDate('2024-02-29')).toBe(true);
    expect(isValidDate('2025-02-29')).toBe(false);
    expect(addDays('2025-01-31', 30)).toBe('2025-03-02');
  });
});
