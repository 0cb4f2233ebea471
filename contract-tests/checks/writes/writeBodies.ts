import { createHash } from 'node:crypto';
import type { CheckContext } from '../../runner/checkTypes.ts';
import { CheckFailure, CheckSkip, describeExchange } from '../../runner/CheckFailure.ts';
import type { Exchange } from '../../runner/httpClient.ts';
import type { Item } from '../../runner/listWalker.ts';
import { listOfResource, someObjects } from '../../runner/related.ts';
import type { Schema, SpecOperation } from '../../runner/specModel.ts';

/**
 * Request bodies built from the spec alone: every required field, references filled with ids found
 * by listing the type the spec says they point at (`x-references`), values drawn from each field's
 * type, enum, pattern and length. What the spec cannot say is a heuristic, named where it is used.
 */

/** Fields that name an object: filled even when optional (an employee has no required field at all). */
const NAME_FIELDS = ['name', 'firstName', 'lastName'];
/** Names of fields an update never changes for its own sake: identity, names, references, revisions. */
const NOT_A_CHANGE = /^(name|fullName|firstName|middleName|lastName|initial|revisionNumber)$|Ids?$/;
/** Fields the desktop checks beyond their schema (addresses, numbers, codes): poor choices for a plain change. */
const SEMANTIC = /mail|phone|fax|url|site|code|number|account|currency|ssn|cc$/i;
/** Fields whose whole purpose is free text: the best choice for a change. */
const FREE_TEXT = /memo|note|description|comment|title|message/i;

const SAMPLES = ['10.00', '1', '10', '0', '2025-01-15', 'A', 'a1'];

export const typeOf = (s: Schema): string | undefined => (Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type);

/** The non-null branch of `anyOf: [X, null]` (nullable fields), or the schema itself. */
export function concrete(schema: Schema): Schema {
  const branches = (schema.anyOf ?? (schema['oneOf'] as Schema[] | undefined)) ?? [];
  const first = branches.find((b) => typeOf(b) !== 'null');
  return first ? concrete({ ...schema, ...first, anyOf: undefined, oneOf: undefined }) : schema;
}

export const referencesOf = (schema: Schema): string[] => (Array.isArray(schema['x-references']) ? (schema['x-references'] as string[]) : []);

/** A per-run tag: the seed alone repeats names every run, and a second run against the same company file would hit 3100. */
export async function uniqueLabel(ctx: CheckContext): Promise<string> {
  const counter = await ctx.memo('write-counter', () => Promise.resolve({ n: 0 }));
  counter.n += 1;
  return `${ctx.runId}-${counter.n}`;
}

/** The memo of everything a run makes: a person finding it in their books knows what made it and which run. */
export const runMemo = (ctx: CheckContext): string => `ledger-sim contract run ${ctx.runId}`;

/**
 * The text cut to the field's length. A short field (a 3-letter tax code name, 5-letter initials)
 * cannot hold the label, so it gets letters drawn from a hash of it: still unique within a run.
 */
function fitText(text: string, schema: Schema, label: string): string {
  const max = typeof schema.maxLength === 'number' ? Math.max(1, schema.maxLength) : text.length;
  if (text.length <= max) return text;
  if (label.length + 3 <= max) return text.slice(0, max - label.length) + label;
  return [...createHash('sha256').update(label).digest()].map((b) => String.fromCharCode(65 + (b % 26))).join('').slice(0, max);
}

function matches(pattern: string, value: string): boolean {
  try {
    return new RegExp(pattern, 'u').test(value);
  } catch {
    return false;
  }
}

/** Receivables and payables take only postings that name their customer or vendor: no other account field names them. */
const OPEN_ACCOUNT_TYPES = /^accounts_(receivable|payable)$/;

/** What a reference field's name asks for, in the words of the objects' values: `cogsAccountId` cost of goods sold. */
function wantedOf(field: string): string {
  const hint = field.replace(/Ids?$/, '').replace(/(Account|Item|Vendor|Site)$/, '').toLowerCase();
  // A transfer moves money between bank accounts: receivables and payables take a customer or vendor it cannot name.
  const aliases: Record<string, string> = { cogs: 'costofgoodssold', source: 'bank', target: 'bank', receivables: 'accountsreceivable', payables: 'accountspayable' };
  return aliases[hint] ?? hint;
}

/** The candidates a field may name at all: receivables and payables only where it asks for them. */
const usableFor = (wanted: string, candidates: Item[]): Item[] => (wanted.startsWith('accounts') ? candidates : candidates.filter((c) => !OPEN_ACCOUNT_TYPES.test(String(c['accountType'] ?? ''))));

/**
 * The object a reference field most likely wants among candidates, or undefined when none fits its
 * name: `bankAccountId` an account whose type is bank, then one whose values mention it;
 * `incomeAccountId` income, `cogsAccountId` cost of goods sold (the desktop refuses a posting to the
 * wrong kind of account). Receivables and payables only where the field asks for them.
 */
function bestMatch(field: string, candidates: Item[]): Item | undefined {
  const wanted = wantedOf(field);
  const usable = usableFor(wanted, candidates);
  if (wanted.length < 3) return usable[0];
  const values = (item: Item): string[] => Object.values(item).flatMap((v) => (typeof v === 'string' ? [v.replace(/[_\s-]/g, '').toLowerCase()] : []));
  // "Bank Service Charges" mentions a bank; an account of type bank is one.
  return usable.find((item) => values(item).includes(wanted)) ?? usable.find((item) => values(item).some((v) => v.includes(wanted)));
}

/**
 * The id a reference field gets. Two fields of one body that point at the same list get two
 * objects where the list has them (a transfer's source and target accounts): `used` holds the ids
 * the body took already. A field with no fitting second object takes the fitting one again.
 */
async function referenceId(ctx: CheckContext, field: string, resources: string[], used: Set<string>): Promise<string> {
  for (const resource of resources) {
    const listOp = listOfResource(ctx.spec, resource);
    if (!listOp) continue;
    const candidates = await someObjects(ctx, listOp);
    const fresh = candidates.filter((c) => !used.has(String(c.id)));
    const usable = usableFor(wantedOf(field), fresh);
    const found = bestMatch(field, fresh) ?? bestMatch(field, candidates) ?? usable[0] ?? usableFor(wantedOf(field), candidates)[0] ?? fresh[0] ?? candidates[0];
    if (found) {
      used.add(String(found.id));
      return String(found.id);
    }
  }
  throw new CheckSkip(`no ${resources.join(' or ')} to point ${field} at`);
}

/** A value the schema accepts for a field, looking targets of references up on the target. */
export async function valueFor(ctx: CheckContext, field: string, raw: Schema, label: string, used = new Set<string>()): Promise<unknown> {
  const schema = concrete(raw);
  const targets = referencesOf(raw).length > 0 ? referencesOf(raw) : referencesOf(schema);
  const type = typeOf(schema);
  if (targets.length > 0) {
    const id = await referenceId(ctx, field, targets, used);
    return type === 'array' ? [id] : id;
  }
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum.find((v) => v !== null);
  switch (type) {
    case 'boolean':
      return false;
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? Math.max(schema.minimum, 1) : 1;
    case 'array': {
      const items = schema.items ?? {};
      return [await valueFor(ctx, field, items, label, used)];
    }
    case 'object':
      return objectFor(ctx, schema, label, used);
    default:
      return stringFor(field, schema, label);
  }
}

/** Text fields whose value has a shape that no pattern in the spec states: their example shows it (`PT2H15M`). */
const SHAPED_BY_EXAMPLE = new Set(['duration']);

function stringFor(field: string, schema: Schema, label: string): string {
  if (schema.format === 'date') return new Date().toISOString().slice(0, 10);
  if (schema.format === 'email') return `contract-${label}@example.com`;
  const example = schema['example'] ?? (Array.isArray(schema['examples']) ? (schema['examples'] as unknown[])[0] : undefined);
  if (SHAPED_BY_EXAMPLE.has(field) && typeof example === 'string') return example;
  const pattern = typeof schema['pattern'] === 'string' ? (schema['pattern'] as string) : undefined;
  if (pattern) {
    const fits = [example, ...SAMPLES].find((v): v is string => typeof v === 'string' && matches(pattern, v) && v.length <= (schema.maxLength ?? Infinity));
    if (fits !== undefined) return fits;
  }
  return fitText(NAME_FIELDS.includes(field) ? `CT ${label}` : `Contract ${label}`, schema, label);
}

/** An object with every required property, plus the name fields when there are any. */
export async function objectFor(ctx: CheckContext, schema: Schema, label: string, used = new Set<string>()): Promise<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const wanted = new Set([...(schema.required ?? []), ...NAME_FIELDS.filter((n) => n in properties)]);
  const out: Record<string, unknown> = {};
  if (properties['memo'] && typeOf(concrete(properties['memo'])) === 'string') out['memo'] = runMemo(ctx).slice(0, concrete(properties['memo']).maxLength ?? Infinity);
  for (const field of Object.keys(properties)) {
    const property = properties[field];
    if (wanted.has(field) && property) out[field] = await valueFor(ctx, field, property, label, used);
  }
  return out;
}

/** Accounts whose lines need no customer or vendor: a journal line on receivables or payables must name one. */
async function plainAccounts(ctx: CheckContext): Promise<string[]> {
  const listOp = listOfResource(ctx.spec, 'accounts');
  const accounts = listOp ? await someObjects(ctx, listOp) : [];
  return accounts.filter((a) => a['isActive'] !== false && !/^accounts_(receivable|payable)$/.test(String(a['accountType']))).map((a) => String(a.id));
}

/**
 * A body the create operation should accept, unique where names must be. What the spec cannot
 * say: a body with both `debitLines` and `creditLines` (a journal entry) must balance, so it gets
 * one line of each, of the same amount, on two accounts that need no customer or vendor.
 */
export async function createBody(ctx: CheckContext, createOp: SpecOperation): Promise<Record<string, unknown>> {
  if (!createOp.requestBody) throw new CheckSkip(`${createOp.operationId} takes no body`);
  const body = await objectFor(ctx, createOp.requestBody, await uniqueLabel(ctx), new Set());
  const properties = createOp.requestBody.properties ?? {};
  if (properties['debitLines'] && properties['creditLines']) {
    const [debit, credit] = await plainAccounts(ctx);
    if (!debit || !credit) throw new CheckSkip('fewer than 2 accounts that need no customer or vendor, for a balanced journal entry');
    body['debitLines'] = [{ accountId: debit, amount: '25.00' }];
    body['creditLines'] = [{ accountId: credit, amount: '25.00' }];
  }
  return body;
}

export interface Change {
  field: string;
  value: string;
}

/**
 * A plain text field the update takes and the object shows under the same name: what `writes.update`
 * changes. Free text first; fields the desktop reads (codes, numbers, addresses) last.
 */
export function changeFor(updateOp: SpecOperation, objectSchema: Schema | undefined, label: string): Change | undefined {
  const shown = objectSchema?.properties ?? {};
  const plain = Object.entries(updateOp.requestBody?.properties ?? {}).filter(([field, raw]) => {
    const s = concrete(raw);
    const out = shown[field];
    return (
      !NOT_A_CHANGE.test(field) &&
      typeOf(s) === 'string' &&
      s.enum === undefined &&
      s.format === undefined &&
      s['pattern'] === undefined &&
      referencesOf(raw).length === 0 &&
      (s.maxLength ?? 99) >= 8 &&
      out !== undefined &&
      typeOf(concrete(out)) === 'string'
    );
  });
  const rank = ([field]: [string, Schema]): number => (FREE_TEXT.test(field) ? 0 : SEMANTIC.test(field) ? 2 : 1);
  const best = [...plain].sort((a, b) => rank(a) - rank(b))[0];
  if (best) {
    const [field, schema] = best;
    return { field, value: fitText(`Contract ${label}`, concrete(schema), label) };
  }
  // No free text at all (classes, currencies): a rename, to a name no other object has.
  const naming = RENAMES.find((field) => updateOp.requestBody?.properties?.[field] && shown[field]);
  const schema = naming ? updateOp.requestBody?.properties?.[naming] : undefined;
  return naming && schema ? { field: naming, value: fitText(`CT ${label}`, concrete(schema), label) } : undefined;
}

/** Fields a rename changes, for updates with no free text to change. */
const RENAMES = ['name', 'initial', 'lastName'];

export function expectOk(exchange: Exchange, what: string): Record<string, unknown> {
  if (exchange.status !== 200 || typeof exchange.json !== 'object' || exchange.json === null) {
    throw new CheckFailure(`${what}: HTTP 200 with the object`, describeExchange(exchange), exchange);
  }
  return exchange.json as Record<string, unknown>;
}
