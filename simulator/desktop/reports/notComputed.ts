import { DESKTOP_STATUS, DesktopError } from '../values/DesktopError.ts';

/** What a report not computed yet answers (3250, feature not enabled), naming what is missing. */
export function notComputed(what: string): DesktopError {
  return new DesktopError(DESKTOP_STATUS.FEATURE_NOT_ENABLED, `ledger-sim does not compute ${what} yet; README.md (Reports) lists what it computes.`);
}

/** What a report answers for an option the desktop does not offer it (3250, feature not enabled), naming why: a refusal by design, listed in decision 22. */
export function notOffered(what: string, why: string): DesktopError {
  return new DesktopError(DESKTOP_STATUS.FEATURE_NOT_ENABLED, `the desktop offers no ${what}: ${why}.`);
}
