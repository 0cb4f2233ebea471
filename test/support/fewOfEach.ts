/**
 * Sizes that seed every type, a few transactions of each, for tests that seed the same file more
 * than once (same bytes for the same seed): at the demo's counts of transactions (600 paychecks)
 * those seedings were most of their files' time.
 */
export const FEW_OF_EACH: Readonly<Record<string, number>> = {
  'sales-receipts': 12,
  estimates: 6,
  'sales-orders': 6,
  'credit-memos': 6,
  deposits: 6,
  bills: 12,
  'purchase-orders': 6,
  'item-receipts': 6,
  'vendor-credits': 4,
  checks: 6,
  'credit-card-charges': 6,
  'credit-card-credits': 3,
  'journal-entries': 6,
  transfers: 4,
  'inventory-adjustments': 4,
  'build-assemblies': 3,
  'sales-tax-payment-checks': 3,
  'time-tracking-activities': 10,
  paychecks: 12,
};
