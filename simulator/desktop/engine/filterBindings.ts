import { EXACT_FILTERS, FILTERS, OUTPUT_OPTIONS, PAGING_PARAMETERS, referenceFilter, tagFilter, type Filter } from '../storage/queryFilters.ts';
import type { TypeModel } from './TypeModel.ts';

/** How a list query parameter is served for a type, or undefined when nothing serves it. */
export type ParameterUse = { kind: 'paging' | 'output' | 'exact' } | { kind: 'filter'; filter: Filter };

/**
 * The filter a query parameter stands for on a type: the engine's own (status, names, dates,
 * balances), the row's binding (`accountType` on the tag column, `itemIds` through price levels'
 * lines), or an `xIds` filter on the type's reference `x` (`classIds` -> `class`).
 */
export function parameterUse(model: TypeModel, name: string): ParameterUse | undefined {
  if (PAGING_PARAMETERS.has(name)) return { kind: 'paging' };
  if (OUTPUT_OPTIONS.has(name)) return { kind: 'output' };
  if (Object.hasOwn(EXACT_FILTERS, name)) return { kind: 'exact' };
  const binding = model.row.filters && Object.hasOwn(model.row.filters, name) ? model.row.filters[name] : undefined;
  if (binding && 'refs' in binding) return { kind: 'filter', filter: referenceFilter(binding.refs, binding.through) };
  if (binding && 'tag' in binding) return { kind: 'filter', filter: tagFilter(binding.map) };
  if (Object.hasOwn(FILTERS, name)) return { kind: 'filter', filter: FILTERS[name] as Filter };
  if (name.endsWith('Ids')) {
    const field = name.slice(0, -3);
    if (model.references.some((r) => r.path === field)) return { kind: 'filter', filter: referenceFilter([field]) };
  }
  return undefined;
}
