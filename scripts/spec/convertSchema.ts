import { DECIMAL_FIELDS } from '../../simulator/desktop/values/numericInputs.ts';
import { FIELD_DESCRIPTIONS, FIELD_EXAMPLES } from './glossary.ts';

/** A schema node of the catalog (JSON), or of the spec being written. */
export type Node = Record<string, unknown>;

/** Facts the spec takes from the catalog as they are; everything else (examples, prose) is ours. */
const FACT_KEYWORDS = ['type', 'format', 'enum', 'const', 'default', 'minimum', 'maximum', 'minLength', 'maxLength', 'minItems', 'maxItems'];

export interface ConvertContext {
  /** `$ref` text for a catalog component, as seen from the file being written. */
  componentRef(name: string): string;
  /** `$ref` text for a schema of `spec/components/common.yaml`. */
  commonRef(name: string): string;
  direction: 'request' | 'response';
  /** The resources a request's `xId` at `path` (`lines.item`) may name; undefined when none is served. */
  referenceResources?(path: string): readonly string[] | undefined;
}

/** Where a property sits: `top` for the fields of an object with `objectType` or of a request body. */
interface Place {
  field: string | undefined;
  /** Dotted path of the field from the body's root, lists left out (`lines.itemId`). */
  path: string;
  top: boolean;
  /** The enclosing object is a transaction (its `id` is a transaction id). */
  transaction: boolean;
}

const NOWHERE: Place = { field: undefined, path: '', top: false, transaction: false };

function isNull(node: Node): boolean {
  return node['type'] === 'null';
}

/** `{id, fullName}` and nothing else: the shape every link to another object takes. */
export function isReferenceObject(node: Node): boolean {
  const props = node['properties'] as Record<string, Node> | undefined;
  return node['type'] === 'object' && props !== undefined && Object.keys(props).length === 2 && 'id' in props && 'fullName' in props;
}

function scalarFacts(node: Node): Node {
  const out: Node = {};
  for (const key of FACT_KEYWORDS) if (node[key] !== undefined) out[key] = node[key];
  return out;
}

/** A shared schema of ours (timestamps, ids, money) that carries the catalog's facts of a plain string. */
function sharedScalar(node: Node, place: Place, ctx: ConvertContext): string | undefined {
  const { field } = place;
  if (node['type'] !== 'string' || node['format'] !== undefined || node['enum'] !== undefined || node['const'] !== undefined || !field) return undefined;
  if (field === 'createdAt' || field === 'updatedAt') return 'DesktopTimestamp';
  if (field === 'revisionNumber') return 'RevisionNumber';
  if (field === 'id' && place.top && ctx.direction === 'response') return place.transaction ? 'TransactionId' : 'ListObjectId';
  const kind = DECIMAL_FIELDS.get(field);
  if (!kind) return undefined;
  if (ctx.direction === 'request') return kind === 'money' ? 'MoneyInput' : 'DecimalInput';
  return kind === 'money' ? 'Money' : undefined;
}

function exampleFor(place: Place, node: Node): Node {
  const example = place.top && place.field !== undefined ? FIELD_EXAMPLES[place.field] : undefined;
  if (example === undefined || node['enum'] !== undefined || node['format'] !== undefined) return {};
  const fits = (typeof example === 'string' && node['type'] === 'string') || (typeof example === 'number' && node['type'] === 'number');
  return fits ? { example } : {};
}

/**
 * `x-references` on a request's `xId`/`xIds`: the resources whose objects it may name, so a client
 * of the spec (the contract runner) can find a valid id by listing one of them.
 */
function referenceHint(ctx: ConvertContext, place: Place): Node {
  if (ctx.direction !== 'request' || !place.field || !ctx.referenceResources) return {};
  const stem = place.field.endsWith('Ids') ? `${place.field.slice(0, -3)}s` : place.field.endsWith('Id') ? place.field.slice(0, -2) : undefined;
  if (!stem) return {};
  const resources = ctx.referenceResources(place.path.replace(/[A-Za-z]+$/, stem));
  return resources && resources.length > 0 ? { 'x-references': resources } : {};
}

function objectOf(node: Node, ctx: ConvertContext, describe: boolean, path = ''): Node {
  const props = (node['properties'] as Record<string, Node> | undefined) ?? {};
  const transaction = 'transactionDate' in props;
  const out: Node = { type: 'object' };
  if (node['additionalProperties'] !== undefined) out['additionalProperties'] = node['additionalProperties'];
  const required = node['required'] as string[] | undefined;
  if (required && required.length > 0) out['required'] = required;
  out['properties'] = Object.fromEntries(
    Object.entries(props).map(([name, child]) => {
      const place: Place = { field: name, path: path ? `${path}.${name}` : name, top: describe, transaction };
      const converted = convert(child, ctx, place);
      const description = describe ? FIELD_DESCRIPTIONS[name] : undefined;
      return [name, { ...(description ? { description } : {}), ...converted, ...referenceHint(ctx, place) }];
    }),
  );
  return out;
}

function nullableOf(real: Node, ctx: ConvertContext, place: Place): Node {
  if (isReferenceObject(real)) return { $ref: ctx.commonRef('Reference') };
  const scalar = real['$ref'] === undefined && real['anyOf'] === undefined && typeof real['type'] === 'string' && real['type'] !== 'object' && real['type'] !== 'array';
  if (scalar && real['enum'] === undefined && real['const'] === undefined) {
    const shared = sharedScalar(real, place, ctx);
    if (shared) return { anyOf: [{ $ref: ctx.commonRef(shared) }, { type: 'null' }] };
    return { ...scalarFacts(real), type: [real['type'], 'null'], ...exampleFor(place, real) };
  }
  return { anyOf: [convert(real, ctx, place), { type: 'null' }] };
}

function convert(node: Node, ctx: ConvertContext, place: Place): Node {
  if (typeof node['$ref'] === 'string') return { $ref: ctx.componentRef(node['$ref'].split('/').pop() ?? '') };
  const anyOf = node['anyOf'] as Node[] | undefined;
  if (anyOf) {
    const real = anyOf.filter((branch) => !isNull(branch));
    if (real.length === 1 && real.length < anyOf.length) return nullableOf(real[0] as Node, ctx, place);
    return { anyOf: anyOf.map((branch) => (isNull(branch) ? { type: 'null' } : convert(branch, ctx, place))) };
  }
  if (isReferenceObject(node)) return { $ref: ctx.commonRef('ReferenceObject') };
  // A union of whole shapes (a report's rows): each branch has a `const` kind, which is all a client
  // needs to tell them apart, so the catalog's `discriminator` hint is left out (strict ajv refuses it).
  const oneOf = node['oneOf'] as Node[] | undefined;
  if (oneOf) return { oneOf: oneOf.map((branch) => convert(branch, ctx, place)) };
  if (node['type'] === 'object') return objectOf(node, ctx, 'objectType' in ((node['properties'] as Node | undefined) ?? {}), place.path);
  if (node['type'] === 'array') {
    const out: Node = { type: 'array', items: convert((node['items'] as Node | undefined) ?? {}, ctx, { ...place, top: false }) };
    for (const key of ['minItems', 'maxItems']) if (node[key] !== undefined) out[key] = node[key];
    return out;
  }
  const shared = sharedScalar(node, place, ctx);
  if (shared) {
    const extra: Node = {};
    for (const key of ['maxLength', 'minLength', 'default']) if (node[key] !== undefined) extra[key] = node[key];
    return { $ref: ctx.commonRef(shared), ...extra };
  }
  return { ...scalarFacts(node), ...exampleFor(place, node) };
}

/**
 * One catalog schema in the spec's terms: facts kept, links to other objects written as our shared
 * `Reference`, nullable scalars as `type: [t, "null"]`, catalog components as `$ref`s into the
 * spec's files, and prose from our glossary on the fields of objects and request bodies.
 */
export function convertSchema(node: Node, ctx: ConvertContext): Node {
  // Request bodies and objects of the company file are described; nested shapes (addresses, lines) are not.
  const describe = ctx.direction === 'request' || 'objectType' in ((node['properties'] as Node | undefined) ?? {});
  if (node['type'] === 'object' && !isReferenceObject(node)) return objectOf(node, ctx, describe);
  return convert(node, ctx, NOWHERE);
}

/** A query parameter's schema: facts, and our shared money pattern where the name says money. */
export function convertParameter(node: Node, ctx: ConvertContext, name: string): Node {
  return convert(node, ctx, { field: name, path: name, top: false, transaction: false });
}
