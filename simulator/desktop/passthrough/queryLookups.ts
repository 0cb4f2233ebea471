import type { CompanyFile } from '../CompanyFile.ts';
import { monthIndexOf, periodOfMacro, type Period } from '../reports/reportPeriods.ts';
import { DESKTOP_STATUS, DesktopError } from '../values/DesktopError.ts';
import { FIRST_DAY, formatDesktopTime } from '../values/desktopTime.ts';
import { DATE_MACROS } from './desktopVocabulary.ts';
import { PassthroughParseError } from './PassthroughParseError.ts';

/**
 * What reading a query's elements needs of the company file: names to ids, a hierarchy's
 * branches, and the dates a date macro stands for on the file's today.
 */
export interface QueryLookups {
  /** The id of the object of one of `types` with this full name; a missing one is the desktop's 3140. */
  idOfName(types: readonly string[], fullName: string, element: string): string;
  /** An object and everything under it in its hierarchy (`FullNameWithChildren`), as ids. */
  withChildren(types: readonly string[], named: { id: string } | { fullName: string }, element: string): string[];
  /** The days a `DateMacro` value covers; null for `All`, which sets no date. */
  period(macro: string): Period | null;
}

/** An id that stands for any object while a message set is only checked, before anything runs. */
const CHECKED_ID = '0-0';

/**
 * The days a `DateMacro` value names on `today`, by the reports' own date macros; null for `All`.
 * Fiscal quarters and years count from the fiscal year's first month (0-11), calendar ones from January.
 */
export function dateMacroPeriod(macro: string, today: string, fiscalFirstMonth: number): Period | null {
  const known = knownMacro(macro);
  if (known === null) return null;
  return periodOfMacro(known.macro, today, known.fiscal ? fiscalFirstMonth : 0);
}

export function lookupsOf(file: CompanyFile): QueryLookups {
  const idOfName = (types: readonly string[], fullName: string, element: string): string => {
    const id = file.store.rowReads.nameHolder(fullName.toLowerCase(), '', types);
    if (id === undefined) throw new DesktopError(DESKTOP_STATUS.INVALID_REFERENCE, `There is an invalid reference to "${fullName}" in ${element}: no such object in the company file.`);
    return id;
  };
  return {
    idOfName,
    withChildren(types, named, element) {
      const id = 'id' in named ? named.id : idOfName(types, named.fullName, element);
      const names = file.store.rowReads.namesAmong(types);
      const own = names.find((n) => n.id === id);
      // An id the file does not hold among these types is left to the list's own filter to answer.
      if (own === undefined) return [id];
      // A full name is the path of names from the top (`Parent:Child`): what lies under it starts with it.
      const under = `${own.name_lc}:`;
      return [id, ...names.filter((n) => n.name_lc.startsWith(under)).map((n) => n.id)];
    },
    period: (macro) =>
      dateMacroPeriod(macro, formatDesktopTime(file.nowSeconds(), file.offsetMinutes).slice(0, 10), monthIndexOf(file.store.docs.all<Record<string, unknown>>('ldg_company')[0]?.['fiscalYearStartMonth'])),
  };
}

function knownMacro(macro: string): (typeof DATE_MACROS)[string] {
  const known = Object.hasOwn(DATE_MACROS, macro) ? DATE_MACROS[macro] : undefined;
  if (known === undefined) throw new PassthroughParseError(`element DateMacro does not take the value "${macro}"`);
  return known;
}

/** Lookups that read nothing: a message set's requests are checked with these before any runs. */
export const CHECK_LOOKUPS: QueryLookups = {
  idOfName: () => CHECKED_ID,
  withChildren: () => [CHECKED_ID],
  // Only the value is checked: the days are worked out when the request runs.
  period: (macro) => (knownMacro(macro) === null ? null : { from: null, to: FIRST_DAY }),
};
