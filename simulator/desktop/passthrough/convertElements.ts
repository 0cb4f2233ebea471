import type { JsonSchema } from '../../spec/types.ts';
import type { TypeModel } from '../engine/TypeModel.ts';
import { isArraySchema, isReferenceSchema, nonNullBranch } from '../engine/materialize.ts';
import type { JsonObject, JsonValue } from '../values/json.ts';
import { FIELD_ELEMENTS, OMITTED_FIELDS, RET_SUFFIX, TYPE_ELEMENTS, TYPE_FIELD_ELEMENTS, TYPE_LINE_FIELDS } from './desktopVocabulary.ts';

/**
 * The one converter between the desktop application's element vocabulary and our objects, driven
 * by the type's schema and the tables of `desktopVocabulary.ts`. How the desktop's response is
 * written as JSON is decision 21: every value as the text the desktop writes (`"true"`,
 * `"1425.00"`), fields without a value left out, elements that may repeat always arrays.
 */

const pascal = (name: string): string => name.charAt(0).toUpperCase() + name.slice(1);
/** An enum value as the desktop spells it: `accounts_payable` -> `AccountsPayable`. */
const enumText = (value: string): string => value.split('_').map(pascal).join('');

/** `ldg_sales_tax_code` -> `SalesTaxCode`, unless the table names it otherwise. */
export function typeElementOf(objectType: string): string {
  return TYPE_ELEMENTS[objectType] ?? objectType.replace(/^ldg_/, '').split('_').map(pascal).join('');
}

/**
 * What a field is called in the desktop's vocabulary, in an object of `base` (`lines` of an invoice:
 * `InvoiceLineRet`); `idElement` is what the object's own `id` is called there.
 */
function elementOf(field: string, schema: JsonSchema, base: string, idElement: string, own: Readonly<Record<string, string>> = {}): string {
  if (field === 'id') return own['id'] ?? idElement;
  const lineSuffix = TYPE_LINE_FIELDS[field];
  if (lineSuffix !== undefined && isArraySchema(schema)) return `${base}${lineSuffix}`;
  const name = own[field] ?? FIELD_ELEMENTS[field] ?? pascal(field);
  return isReferenceSchema(schema) ? `${name}Ref` : name;
}

/** A value as the text the desktop writes; enum values are written as the desktop spells them (`accounts_receivable` -> `AccountsReceivable`). */
function textOf(value: string | number | boolean, schema: JsonSchema): string {
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') return String(value);
  return nonNullBranch(schema).enum ? enumText(value) : value;
}

/** Inside a line, `id` is the line's (`TxnLineID`); inside anything else the desktop nests (a linked transaction), the transaction's. */
export const nestedIdElement = (element: string): string => (/Line(Group)?(Ret|Add|Mod)?$/.test(element) ? 'TxnLineID' : 'TxnID');

function encodeValue(value: JsonValue, schema: JsonSchema, base: string, idElement: string): JsonValue | undefined {
  if (value === null) return undefined;
  if (Array.isArray(value)) {
    const items = nonNullBranch(schema).items ?? {};
    const out = value.flatMap((item) => encodeValue(item, items, base, idElement) ?? []);
    return out.length > 0 ? out : undefined;
  }
  if (typeof value === 'object') {
    if (isReferenceSchema(schema)) return { ListID: String(value['id'] ?? ''), ...(typeof value['fullName'] === 'string' ? { FullName: value['fullName'] } : {}) };
    const out = encodeFields(value, schema, base, idElement);
    return Object.keys(out).length > 0 ? out : undefined;
  }
  return textOf(value, schema);
}

function encodeFields(doc: JsonObject, schema: JsonSchema, base: string, idElement: string, own?: Readonly<Record<string, string>>): JsonObject {
  const properties = nonNullBranch(schema).properties ?? {};
  const out: JsonObject = {};
  for (const [field, value] of Object.entries(doc)) {
    if (OMITTED_FIELDS.has(field) || value === undefined) continue;
    const fieldSchema = properties[field] ?? {};
    const element = elementOf(field, fieldSchema, base, idElement, own);
    const encoded = encodeValue(value, fieldSchema, base, nestedIdElement(element));
    if (encoded !== undefined) out[element] = encoded;
  }
  return out;
}

/** What the desktop calls the id of an object of a type: lists have a `ListID`, transactions a `TxnID`. */
const topIdElement = (model: TypeModel): string => (model.row.kind === 'transaction' ? 'TxnID' : 'ListID');

/** An object as the desktop returns it in a query's `...Ret` element. */
export function toDesktop(model: TypeModel, doc: JsonObject): JsonObject {
  return encodeFields(doc, model.schema, typeElementOf(model.objectType), topIdElement(model), TYPE_FIELD_ELEMENTS[model.objectType]);
}

/** Where an element of a request lands in our objects: the field, and what kind of value it holds. */
export interface FieldOfElement {
  field: string;
  schema: JsonSchema;
  reference: boolean;
  lines: boolean;
}

/**
 * The fields of an object schema by the names the desktop gives them in a request, where a
 * response's `...Ret` is `...Add` or `...Mod` (`InvoiceLineRet` -> `InvoiceLineAdd`).
 */
export function fieldsByElement(model: TypeModel, schema: JsonSchema, idElement: string | undefined, suffix: string): Map<string, FieldOfElement> {
  const base = typeElementOf(model.objectType);
  const out = new Map<string, FieldOfElement>();
  for (const [field, fieldSchema] of Object.entries(nonNullBranch(schema).properties ?? {})) {
    if (OMITTED_FIELDS.has(field)) continue;
    let element = elementOf(field, fieldSchema, base, idElement ?? topIdElement(model), idElement === undefined ? TYPE_FIELD_ELEMENTS[model.objectType] : undefined);
    if (element.endsWith(RET_SUFFIX)) element = element.slice(0, -RET_SUFFIX.length) + suffix;
    out.set(element, { field, schema: fieldSchema, reference: isReferenceSchema(fieldSchema), lines: isArraySchema(fieldSchema) && Boolean(nonNullBranch(nonNullBranch(fieldSchema).items ?? {}).properties) });
  }
  return out;
}

/** A request's text for a field back to our value: `"true"` -> true, `"19"` -> 19, `"AccountsPayable"` -> `accounts_payable` where the schema says so. */
export function valueFromText(value: JsonValue, schema: JsonSchema): JsonValue {
  const s = nonNullBranch(schema);
  if (typeof value !== 'string') return value;
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  if (type === 'boolean') return value === 'true' ? true : value === 'false' ? false : value;
  if ((type === 'number' || type === 'integer') && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  if (s.enum && !s.enum.includes(value)) return s.enum.find((e): e is string => typeof e === 'string' && enumText(e) === value) ?? value;
  return value;
}
