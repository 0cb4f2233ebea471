import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../desktop/values/json.ts';
import { inferLineLinks } from './inferLineLinks.ts';

const item = (id: string): JsonObject => ({ id, fullName: id });
const order = (id: string, type: string, lines: [string, string, number, number][]): JsonObject => ({
  id,
  objectType: type,
  lines: lines.map(([lineId, itemId, quantity, invoiced]) => ({ id: lineId, item: item(itemId), quantity, quantityInvoiced: invoiced })),
});
const invoice = (id: string, from: string, lines: [string, string, number][], memo = ''): JsonObject => ({
  id,
  objectType: 'ldg_invoice',
  memo,
  linkedTransactions: [{ id: from, linkType: 'quantity' }],
  lines: lines.map(([lineId, itemId, quantity]) => ({ id: lineId, item: item(itemId), quantity })),
});

function links(made: JsonObject[], sources: JsonObject[]): Record<string, string[]> {
  const byId = new Map([...made, ...sources].map((d) => [String(d['id']), d]));
  const found = inferLineLinks(made, byId, (doc) => String(doc['memo']).startsWith('VOID:'));
  return Object.fromEntries([...found].map(([id, list]) => [id, list.map((l) => `${l.lineId}<${l.sourceLineId}`)]));
}

describe('which source line a made line came from, when the API shows only the source transaction', () => {
  it('keeps to what an order shows invoiced of each line: two lines of one item each count their own', () => {
    const so = order('so', 'ldg_sales_order', [['a', 'wire', 11, 0], ['b', 'wire', 4, 4]]);
    expect(links([invoice('i1', 'so', [['x', 'wire', 4]])], [so])).toEqual({ i1: ['x<b'] });
  });

  it('uses up the counts in the order the documents were made, and a voided document takes nothing of them', () => {
    const so = order('so', 'ldg_sales_order', [['a', 'wire', 6, 6], ['b', 'wire', 6, 3]]);
    const made = [invoice('v', 'so', [['v1', 'wire', 6]], 'VOID: wrong'), invoice('i1', 'so', [['x', 'wire', 6]]), invoice('i2', 'so', [['y', 'wire', 3]])];
    expect(links(made, [so])).toEqual({ v: ['v1<a'], i1: ['x<a'], i2: ['y<b'] });
  });

  it("takes the lines of an order's item groups too, after its own", () => {
    const so = { ...order('so', 'ldg_sales_order', [['a', 'wire', 2, 2]]), lineGroups: [{ id: 'g', lines: [{ id: 'g1', item: item('fuse'), quantity: 3, quantityInvoiced: 3 }] }] };
    expect(links([invoice('i1', 'so', [['x', 'wire', 2], ['y', 'fuse', 3]])], [so])).toEqual({ i1: ['x<a', 'y<g1'] });
  });

  it('matches a source that counts nothing (an estimate) by item, each source line once per document', () => {
    const estimate = { id: 'e', objectType: 'ldg_estimate', lines: [{ id: 'a', item: item('wire'), quantity: 2 }, { id: 'b', item: item('wire'), quantity: 5 }, { id: 'c', item: item('fuse'), quantity: 1 }] };
    expect(links([invoice('i1', 'e', [['x', 'fuse', 1], ['y', 'wire', 5], ['z', 'wire', 2]])], [estimate])).toEqual({ i1: ['x<c', 'y<a', 'z<b'] });
  });
});
