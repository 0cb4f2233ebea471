import type { JsonSchema } from '../../spec/types.ts';
import { DESKTOP_STATUS, DesktopError } from '../values/DesktopError.ts';
import { applyRequest } from '../engine/applyRequest.ts';
import { objectsOf, isJsonObject, type JsonObject, type JsonValue } from '../values/json.ts';
import { emptyObject, nonNullBranch } from '../engine/materialize.ts';
import { fromCents, sumCents, toCents } from '../values/money.ts';
import type { RulesContext, TypeRules } from '../table/TypeRules.ts';

/** The two sides of a journal entry, by field: what each line is called. */
const SIDES = { debitLines: { lineType: 'ldg_journal_debit_line', kind: 'debit' }, creditLines: { lineType: 'ldg_journal_credit_line', kind: 'credit' } } as const;
type SideField = keyof typeof SIDES;
const FIELDS = Object.keys(SIDES) as SideField[];

/** Request keys of a journal line that are not fields of the line itself. */
const LINE_OWN_KEYS = new Set(['id', 'journalLineType']);


function lineSchemaOf(ctx: RulesContext, field: SideField): JsonSchema {
  return nonNullBranch(ctx.schemaOf('ldg_journal_entry')).properties?.[field]?.items ?? {};
}

function buildLine(ctx: RulesContext, field: SideField, input: JsonObject, existing: JsonObject | undefined): JsonObject {
  const schema = lineSchemaOf(ctx, field);
  const line: JsonObject = existing ? { ...structuredClone(existing), objectType: SIDES[field].lineType } : { ...emptyObject(schema), id: ctx.nextTransactionId(), objectType: SIDES[field].lineType };
  const leftover = applyRequest(schema, line, input, { resolve: (path, id) => ctx.resolve('ldg_journal_entry', `${field}.${path}`, id), skip: LINE_OWN_KEYS, lists: new Map() });
  if (leftover.length > 0) throw new Error(`${SIDES[field].lineType}: request keys not handled: ${leftover.join(', ')}`);
  line['amount'] = fromCents(toCents(typeof line['amount'] === 'string' ? line['amount'] : null));
  return line;
}

/**
 * The lines of an update: `lines` replaces both sides, a line with a known `id` kept (and moved to
 * the side its `journalLineType` names), `id: "-1"` added to that side, the rest gone.
 */
function updatedLines(ctx: RulesContext, sent: JsonValue, previous: JsonObject): Record<SideField, JsonObject[]> {
  const out: Record<SideField, JsonObject[]> = { debitLines: [], creditLines: [] };
  const old = new Map(FIELDS.flatMap((field) => objectsOf(previous?.[field]).map((line) => [String(line['id']), { line, field }] as const)));
  for (const input of (Array.isArray(sent) ? sent : []).filter(isJsonObject)) {
    const id = String(input['id'] ?? '-1');
    const existing = id === '-1' ? undefined : old.get(id);
    if (id !== '-1' && !existing) throw new DesktopError(DESKTOP_STATUS.OBJECT_NOT_FOUND, `Line "${id}" specified in the request cannot be found on this journal entry.`);
    const kind = input['journalLineType'] ?? (existing ? SIDES[existing.field].kind : undefined);
    if (kind !== 'debit' && kind !== 'credit') throw new DesktopError(DESKTOP_STATUS.SAVE_FAILED, 'A new journal line needs journalLineType: debit or credit.');
    const field: SideField = kind === 'debit' ? 'debitLines' : 'creditLines';
    out[field].push(buildLine(ctx, field, input, existing?.line));
  }
  return out;
}

const sideTotal = (doc: JsonObject, field: SideField): number =>
  sumCents(
    objectsOf(doc?.[field]).map((l) => toCents(typeof l['amount'] === 'string' ? l['amount'] : null)),
    'The lines of the journal entry',
  );

/**
 * A journal entry: debit lines and credit lines, each to an account, that must balance. A line on
 * receivables or payables names the customer or vendor whose balance it moves: the books refuse it
 * otherwise, as for every transaction type (`books/accountRoles.ts`).
 */
export const journalRules: TypeRules = {
  compute(ctx, doc, body, previous) {
    if (previous) {
      if ('lines' in body) Object.assign(doc, updatedLines(ctx, body['lines'], previous));
    } else {
      for (const field of FIELDS) doc[field] = objectsOf(body?.[field]).map((input) => buildLine(ctx, field, input, undefined));
      if (doc['exchangeRate'] === null) doc['exchangeRate'] = 1;
    }
    const debits = sideTotal(doc, 'debitLines');
    const credits = sideTotal(doc, 'creditLines');
    if (debits !== credits) throw new DesktopError(DESKTOP_STATUS.SAVE_FAILED, `The journal entry is out of balance: debits ${fromCents(debits)}, credits ${fromCents(credits)}.`);
    if (objectsOf(doc?.['debitLines']).length + objectsOf(doc?.['creditLines']).length === 0) throw new DesktopError(DESKTOP_STATUS.SAVE_FAILED, 'A journal entry needs at least one debit and one credit line.');
  },
};
