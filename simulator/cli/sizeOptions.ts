import { parseSizes, scaleOf, sizesAtScale, type SeedSizes } from '../fixtures/seedCompanyFile.ts';
import { UsageError } from './usageErrors.ts';

/** The options every command that seeds a company file takes for its size. */
export const SIZE_OPTIONS = {
  size: { type: 'string' },
  customers: { type: 'string' },
  invoices: { type: 'string' },
  scale: { type: 'string' },
} as const;

export const SIZE_OPTIONS_HELP = `  --size K=N,...     objects of sized types, by resource (customers=500,vendors=50); every type not
                     named grows or shrinks in proportion: at the named ones' scale against the
                     demo's counts (their geometric mean when several), at least 1 of each
  --customers N      shorthand for --size customers=N
  --invoices N       shorthand for --size invoices=N
  --scale F          the scale of the types not named instead (1: the demo's counts)`;

/**
 * Every sized type's count from `--size`, its shorthands and `--scale`; `unnamed` stands for what
 * is named when nothing is (a command's default size).
 */
export function sizesFromOptions(values: Partial<Record<keyof typeof SIZE_OPTIONS, string>>, unnamed: SeedSizes = {}): Record<string, number> {
  const shorthands = (['customers', 'invoices'] as const).flatMap((key) => {
    const value = values[key];
    if (value === undefined) return [];
    if (!/^\d+$/.test(value)) throw new UsageError(`--${key} takes a whole number, got "${value}"`);
    return [`${key}=${value}`];
  });
  let named: Record<string, number>;
  try {
    // The shorthands last: they win over the same key in --size.
    named = parseSizes([values.size ?? '', ...shorthands].join(','));
  } catch (error) {
    throw new UsageError(`--size: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (Object.keys(named).length === 0) named = { ...unnamed };
  if (values.scale === undefined) return sizesAtScale(named, scaleOf(named));
  if (!/^\d+(\.\d+)?$/.test(values.scale) || Number(values.scale) > 1_000) throw new UsageError(`--scale takes a number from 0 to 1000, got "${values.scale}"`);
  return sizesAtScale(named, Number(values.scale));
}
