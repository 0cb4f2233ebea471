import type { TypeModel } from '../engine/TypeModel.ts';
import { isArraySchema, nonNullBranch } from '../engine/materialize.ts';
import type { JsonSchema } from '../../spec/types.ts';
import { isJsonObject, type JsonObject, type JsonValue } from '../values/json.ts';
import { fieldsByElement, nestedIdElement, valueFromText } from './convertElements.ts';
import { PassthroughParseError } from './PassthroughParseError.ts';
import { REQUEST_ELEMENTS, type RequestElement } from './desktopVocabulary.ts';

/** The id of the object of one of `types` named `fullName`; a missing name is the desktop's invalid reference. */
export type NameLookup = (types: readonly string[], fullName: string, element: string) => string;

/**
 * An add's or a modify's element (`InvoiceAdd`, `CustomerMod`) as the body our typed write takes:
 * the names of the type's response back to its fields (`CustomerRef` -> `customerId`, `InvoiceLineAdd`
 * -> `lines`). Whether the body is one our write accepts is for the caller's schema check: an element
 * the type has no field for is refused here already, as the desktop refuses what it cannot parse.
 */
export function bodyFromElements(model: TypeModel, element: JsonObject, where: string, suffix: 'Add' | 'Mod', lookup: NameLookup): JsonObject {
  return decodeObject(model, model.schema, element, where, undefined, suffix, lookup, '');
}

function decodeObject(model: TypeModel, schema: JsonSchema, element: JsonObject, where: string, idElement: string | undefined, suffix: 'Add' | 'Mod', lookup: NameLookup, prefix: string): JsonObject {
  const fields = fieldsByElement(model, schema, idElement, suffix);
  const out: JsonObject = {};
  for (const [name, value] of Object.entries(element)) {
    // What only requests send is named by the table, before any response field of a like name.
    const requestOnly = Object.hasOwn(REQUEST_ELEMENTS, name) ? REQUEST_ELEMENTS[name] : undefined;
    if (requestOnly) {
      out[requestOnly.field] = decodeRequestElement(requestOnly, value, name, lookup);
      continue;
    }
    const found = fields.get(name);
    if (!found) throw new PassthroughParseError(`${where} has no element ${name}`);
    const path = prefix ? `${prefix}.${found.field}` : found.field;
    if (found.reference) {
      out[`${found.field}Id`] = referenceId(model, path, value, name, lookup);
    } else if (found.lines) {
      const items = nonNullBranch(found.schema).items ?? {};
      out[found.field] = (Array.isArray(value) ? value : [value]).map((line) => {
        if (!isJsonObject(line)) throw new PassthroughParseError(`element ${name} must hold elements`);
        return decodeObject(model, items, line, name, nestedIdElement(name), suffix, lookup, path);
      });
    } else if (isJsonObject(value)) {
      out[found.field] = decodeObject(model, found.schema, value, name, nestedIdElement(name), suffix, lookup, path);
    } else if (Array.isArray(value) && isArraySchema(found.schema)) {
      const items = nonNullBranch(found.schema).items ?? {};
      out[found.field] = value.map((v) => valueFromText(v, items));
    } else {
      out[found.field] = valueFromText(value, found.schema);
    }
  }
  return out;
}

/** A reference element names its object by `ListID` or by `FullName`, as the desktop allows. */
function referenceId(model: TypeModel, path: string, value: JsonValue, element: string, lookup: NameLookup): JsonValue {
  if (!isJsonObject(value)) throw new PassthroughParseError(`element ${element} must hold ListID or FullName`);
  const keys = Object.keys(value);
  if (keys.some((k) => k !== 'ListID' && k !== 'FullName')) throw new PassthroughParseError(`element ${element} takes only ListID and FullName`);
  if (keys[0] === 'FullName' && keys.length > 1) throw new PassthroughParseError(`in ${element}, element ListID is out of order`);
  const id = value['ListID'];
  if (typeof id === 'string') return id;
  const name = value['FullName'];
  if (typeof name === 'string') return lookup(model.targetsOf(path), name, element);
  throw new PassthroughParseError(`element ${element} must hold ListID or FullName`);
}

/** `BasePrice` -> `base_price`: an enum value of the typed body from the desktop's spelling. */
const snake = (value: string): string => value.replace(/(?<=[a-z0-9])([A-Z])/g, '_$1').toLowerCase();

function decodeRequestElement(spec: RequestElement, value: JsonValue, element: string, lookup: NameLookup): JsonValue {
  const textOf = (v: JsonValue): string => {
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return String(v);
    throw new PassthroughParseError(`element ${element} must hold a value`);
  };
  const objectOf = (v: JsonValue): JsonObject => {
    if (!isJsonObject(v)) throw new PassthroughParseError(`element ${element} must hold elements`);
    const children = spec.children ?? {};
    const out: JsonObject = {};
    for (const [name, child] of Object.entries(v)) {
      const childSpec = Object.hasOwn(children, name) ? children[name] : undefined;
      if (!childSpec) throw new PassthroughParseError(`${element} has no element ${name}`);
      out[childSpec.field] = decodeRequestElement(childSpec, child, name, lookup);
    }
    return out;
  };
  switch (spec.kind) {
    case 'value':
      return textOf(value);
    case 'flag': {
      const text = textOf(value);
      if (text !== 'true' && text !== 'false') throw new PassthroughParseError(`element ${element} takes true or false`);
      return text === 'true';
    }
    case 'enum':
      return snake(textOf(value));
    case 'values':
      return (Array.isArray(value) ? value : [value]).map(textOf);
    case 'reference': {
      if (!isJsonObject(value)) throw new PassthroughParseError(`element ${element} must hold ListID or FullName`);
      const keys = Object.keys(value);
      if (keys.length !== 1 || (keys[0] !== 'ListID' && keys[0] !== 'FullName')) throw new PassthroughParseError(`element ${element} takes ListID or FullName`);
      return keys[0] === 'ListID' ? textOf(value['ListID'] ?? null) : lookup(spec.types ?? [], textOf(value['FullName'] ?? null), element);
    }
    case 'object':
      return objectOf(value);
    case 'objects':
      return (Array.isArray(value) ? value : [value]).map(objectOf);
  }
}
