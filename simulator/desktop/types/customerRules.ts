import { DESKTOP_STATUS, DesktopError } from '../DesktopError.ts';
import { formatDesktopTime } from '../desktopTime.ts';
import { isJsonObject, type JsonObject, type JsonValue } from '../json.ts';
import { nonNullBranch, shapeValue } from '../materialize.ts';
import { fromCents, sumCents, toCents } from '../money.ts';
import type { ObjectRules, RulesContext } from '../ObjectRules.ts';

/** The desktop application allows five levels of jobs below a customer. */
const MAX_SUBLEVEL = 5;

function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** Full name and depth follow from the name and the parent: `Parent:Job:Phase`. */
function placeInTree(ctx: RulesContext, doc: JsonObject): void {
  const parentRef = doc['parent'];
  if (!isJsonObject(parentRef) || typeof parentRef['id'] !== 'string') {
    doc['fullName'] = doc['name'] ?? null;
    doc['sublevel'] = 0;
    return;
  }
  const parent = ctx.find('ldg_customer', parentRef['id']);
  if (!parent) throw new DesktopError(DESKTOP_STATUS.INVALID_REFERENCE, `There is an invalid reference to the parent "${parentRef['id']}".`);
  if (isDescendant(ctx, parent, str(doc['id']))) {
    throw new DesktopError(DESKTOP_STATUS.SAVE_FAILED, 'A customer cannot be placed under itself or one of its own jobs.');
  }
  const sublevel = Number(parent['sublevel']) + 1;
  if (sublevel > MAX_SUBLEVEL) {
    throw new DesktopError(DESKTOP_STATUS.SAVE_FAILED, `Jobs can be nested at most ${MAX_SUBLEVEL} levels deep.`);
  }
  doc['parent'] = { id: parent['id'] ?? null, fullName: parent['fullName'] ?? null };
  doc['fullName'] = `${str(parent['fullName'])}:${str(doc['name'])}`;
  doc['sublevel'] = sublevel;
}

function isDescendant(ctx: RulesContext, candidate: JsonObject, ancestorId: string): boolean {
  let current: JsonObject | undefined = candidate;
  while (current) {
    if (current['id'] === ancestorId) return true;
    const parent: JsonValue | undefined = current['parent'];
    current = isJsonObject(parent) && typeof parent['id'] === 'string' ? ctx.find('ldg_customer', parent['id']) : undefined;
  }
  return false;
}

/** Gives each new additional contact its desktop identity; known ones keep theirs. */
function contactsOf(ctx: RulesContext, doc: JsonObject, body: JsonObject, previous: JsonObject | undefined): void {
  const sent = body['additionalContacts'];
  if (!Array.isArray(sent)) return;
  const stamp = formatDesktopTime(ctx.now, ctx.offsetMinutes);
  const contactSchema = nonNullBranch(ctx.schemaOf('ldg_customer')).properties?.['additionalContacts']?.items ?? {};
  const old = new Map((Array.isArray(previous?.['additionalContacts']) ? previous['additionalContacts'] : []).filter(isJsonObject).map((c) => [c['id'], c]));
  doc['additionalContacts'] = sent.filter(isJsonObject).map((input, index) => {
    const known = typeof input['id'] === 'string' ? old.get(input['id']) : undefined;
    if (typeof input['id'] === 'string' && !known) {
      throw new DesktopError(DESKTOP_STATUS.OBJECT_NOT_FOUND, `Contact "${input['id']}" specified in the request cannot be found.`);
    }
    const contact = shapeValue(contactSchema, { ...known, ...input }) as JsonObject;
    contact['id'] = known?.['id'] ?? `${(0x8000_0001 + index).toString(16).toUpperCase()}-${ctx.now}`;
    contact['objectType'] = 'ldg_contact';
    contact['createdAt'] = known?.['createdAt'] ?? stamp;
    contact['updatedAt'] = stamp;
    contact['revisionNumber'] = String(ctx.now);
    contact['name'] = [contact['firstName'], contact['lastName']].filter((p) => typeof p === 'string' && p).join(' ') || null;
    return contact;
  });
}

function notesOf(ctx: RulesContext, doc: JsonObject, body: JsonObject): void {
  const sent = body['additionalNotes'];
  if (!Array.isArray(sent)) return;
  const today = formatDesktopTime(ctx.now, ctx.offsetMinutes).slice(0, 10);
  doc['additionalNotes'] = sent.filter(isJsonObject).map((n, index) => ({
    id: typeof n['id'] === 'number' ? n['id'] : index + 1,
    date: today,
    note: str(n['note']),
  }));
}

/** Own balance from open invoices; total balance adds every job below. */
export function rollUpBalances(ctx: RulesContext, customerId: string): void {
  let current = ctx.find('ldg_customer', customerId);
  while (current) {
    const name = str(current['fullName']);
    const opening = Number(ctx.getMeta(`openingBalance:${str(current['id'])}`) ?? 0);
    const invoices = ctx.findAllBy('ldg_invoice', 'entity_id', str(current['id'])).map((inv) => toCents(str(inv['balanceRemaining'])));
    const own = sumCents([opening, ...invoices], `The balance of customer "${name}"`);
    const jobs = ctx.findAllBy('ldg_customer', 'parent_id', str(current['id'])).map((job) => toCents(str(job['totalBalance'])));
    const total = sumCents([own, ...jobs], `The total balance of customer "${name}"`);
    current['balance'] = fromCents(own);
    current['totalBalance'] = fromCents(total);
    ctx.rewriteAmounts('ldg_customer', current);
    const parent = current['parent'];
    current = isJsonObject(parent) && typeof parent['id'] === 'string' ? ctx.find('ldg_customer', parent['id']) : undefined;
  }
}

export const customerRules: ObjectRules = {
  objectType: 'ldg_customer',
  kind: 'list',
  hierarchical: true,
  ownKeys: ['additionalContacts', 'additionalNotes', 'openingBalance', 'openingBalanceDate'],
  compute(ctx, doc, body, previous) {
    if (!previous) {
      if (doc['isActive'] === null) doc['isActive'] = true;
      // The opening balance is carried by the company file, not by a field of the customer.
      const opening = toCents(str(body['openingBalance']));
      if (opening !== 0) ctx.setMeta(`openingBalance:${str(doc['id'])}`, String(opening));
      doc['balance'] = fromCents(opening);
      doc['totalBalance'] = fromCents(opening);
    }
    placeInTree(ctx, doc);
    contactsOf(ctx, doc, body, previous);
    notesOf(ctx, doc, body);
  },
  afterWrite(ctx, doc, previous) {
    const parentOf = (d: JsonObject): string | null => (isJsonObject(d['parent']) && typeof d['parent']['id'] === 'string' ? d['parent']['id'] : null);
    if (!previous) {
      const parentId = parentOf(doc);
      if (!ctx.bulk && parentId) rollUpBalances(ctx, parentId);
      return;
    }
    if (previous['fullName'] !== doc['fullName']) {
      // Renaming or moving a customer renames every job below it.
      for (const job of ctx.findAllBy('ldg_customer', 'parent_id', str(doc['id']))) {
        job['parent'] = { id: doc['id'] ?? null, fullName: doc['fullName'] ?? null };
        job['fullName'] = `${str(doc['fullName'])}:${str(job['name'])}`;
        job['sublevel'] = Number(doc['sublevel']) + 1;
        ctx.rewrite('ldg_customer', job);
        customerRules.afterWrite?.(ctx, job, { ...job, fullName: null });
      }
      // Transactions point at the customer by id and show its current name, as the desktop does.
      for (const invoice of ctx.findAllBy('ldg_invoice', 'entity_id', str(doc['id']))) {
        invoice['customer'] = { id: doc['id'] ?? null, fullName: doc['fullName'] ?? null };
        ctx.rewrite('ldg_invoice', invoice);
      }
    }
    const oldParent = parentOf(previous);
    if (!ctx.bulk && oldParent && oldParent !== parentOf(doc)) rollUpBalances(ctx, oldParent);
    if (!ctx.bulk) rollUpBalances(ctx, str(doc['id']));
  },
};
