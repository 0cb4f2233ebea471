import type { JsonObject } from '../values/json.ts';
import { ACCOUNT_TYPE_ORDER } from './accountGroups.ts';

/** An account as reports show it, in chart order. */
export interface ChartAccount {
  id: string;
  name: string;
  fullName: string;
  accountType: string;
  specialAccountType: string | null;
  accountNumber: string | null;
  isActive: boolean;
  parent: string | null;
  /** Ids of the accounts right under it, in chart order. */
  children: string[];
}

const sortName = (a: { fullName: string }, b: { fullName: string }): number => a.fullName.toLowerCase().localeCompare(b.fullName.toLowerCase());
/** With account numbers in use the chart is in number order; accounts without one follow by name. */
const chartSort = (a: ChartAccount, b: ChartAccount): number =>
  a.accountNumber && b.accountNumber ? a.accountNumber.localeCompare(b.accountNumber) || sortName(a, b) : a.accountNumber ? -1 : b.accountNumber ? 1 : sortName(a, b);

/** Accounts by type in the chart's order, each followed by the accounts under it, by name. */
export function chartOrder(docs: JsonObject[]): ChartAccount[] {
  const all = docs.map(
    (d): ChartAccount => ({
      id: String(d['id']),
      name: String(d['name'] ?? ''),
      fullName: String(d['fullName'] ?? d['name'] ?? ''),
      accountType: String(d['accountType'] ?? ''),
      specialAccountType: typeof d['specialAccountType'] === 'string' ? d['specialAccountType'] : null,
      accountNumber: typeof d['accountNumber'] === 'string' && d['accountNumber'] !== '' ? d['accountNumber'] : null,
      isActive: d['isActive'] !== false,
      parent: typeof (d['parent'] as JsonObject | null)?.['id'] === 'string' ? String((d['parent'] as JsonObject)['id']) : null,
      children: [],
    }),
  );
  const byId = new Map(all.map((a) => [a.id, a]));
  const typeRank = (t: string): number => {
    const i = (ACCOUNT_TYPE_ORDER as readonly string[]).indexOf(t);
    return i < 0 ? ACCOUNT_TYPE_ORDER.length : i;
  };
  const roots = all.filter((a) => a.parent === null || !byId.has(a.parent)).sort((a, b) => typeRank(a.accountType) - typeRank(b.accountType) || chartSort(a, b));
  for (const a of [...all].sort(chartSort)) if (a.parent !== null && byId.has(a.parent)) byId.get(a.parent)?.children.push(a.id);
  const out: ChartAccount[] = [];
  const visit = (a: ChartAccount): void => {
    out.push(a);
    for (const child of a.children) {
      const c = byId.get(child);
      if (c) visit(c);
    }
  };
  for (const root of roots) visit(root);
  return out;
}
