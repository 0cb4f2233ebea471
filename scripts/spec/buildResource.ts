import { convertParameter, convertSchema, type ConvertContext, type Node } from './convertSchema.ts';
import { pluralOf, VERB_TEXT } from './glossary.ts';
import { buildReports } from './buildReports.ts';
import type { ServedResource, Verb } from './servedResources.ts';

/** The catalog as read: OpenAPI with facts only. */
export interface Catalog {
  paths: Record<string, Record<string, CatalogOperation>>;
  components: { schemas: Record<string, Node> };
}

export interface CatalogOperation {
  parameters?: { in: string; name: string; required?: boolean; schema: Node }[];
  requestBody?: { content: Record<string, { schema: Node }> };
  responses: Record<string, { content?: Record<string, { schema: Node }> }>;
}

/** Shared parameters of `spec/components/common.yaml`, by query name, with their facts. */
export interface SharedParameters {
  find(name: string, facts: Node): string | undefined;
}

export interface BuiltResource {
  paths: Record<string, Node>;
  /** Schemas of this resource's own file: its object, request bodies. */
  schemas: Record<string, Node>;
  /** Catalog components the resource's schemas use. */
  components: Set<string>;
}

export const COMMON = '../components/common.yaml';
const ERRORS = '../components/errors.yaml';

export function camelOf(resource: string): string {
  return resource.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase());
}

/** `ldg_sales_tax_code` -> `SalesTaxCode`. */
export function schemaNameOf(component: string): string {
  return component
    .replace(/^ldg_/, '')
    .split('_')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');
}

function fill(text: string, resource: ServedResource): string {
  return text.replaceAll('{nouns}', pluralOf(resource.noun)).replaceAll('{noun}', resource.noun);
}

function jsonSchemaOf(content: Record<string, { schema: Node }> | undefined): Node | undefined {
  return content?.['application/json']?.schema;
}

function factsOf(schema: Node): Node {
  const { example: _example, ...facts } = schema;
  return facts;
}

function usedComponents(node: unknown, into: Set<string>): void {
  if (Array.isArray(node)) for (const n of node) usedComponents(n, into);
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith('#/components/schemas/')) into.add(value.split('/').pop() ?? '');
      else usedComponents(value, into);
    }
  }
}

/**
 * An operation's query parameters in the spec: a `$ref` to the shared one wherever the facts agree,
 * otherwise the catalog's facts with a description of ours.
 */
export function catalogQueryParameters(op: CatalogOperation, shared: SharedParameters, ctx: ConvertContext, describe: (name: string) => string | undefined): Node[] {
  return (op.parameters ?? [])
    .filter((p) => p.in === 'query')
    .map((p) => {
      const sharedName = shared.find(p.name, factsOf(p.schema));
      if (sharedName) return { $ref: `${COMMON}#/parameters/${sharedName}` };
      const description = describe(p.name);
      return { in: 'query', name: p.name, ...(p.required ? { required: true } : {}), ...(description ? { description } : {}), schema: convertParameter(p.schema, ctx, p.name) };
    });
}

/**
 * The spec's paths and schemas of one resource, from the catalog's facts. Query parameters become
 * `$ref`s to the shared ones wherever the facts agree; list responses use the shared envelopes.
 */
export function buildResource(catalog: Catalog, resource: ServedResource, shared: SharedParameters, ctxFor: (direction: 'request' | 'response') => ConvertContext): BuiltResource {
  if (resource.kind === 'report') return buildReports(catalog, resource, shared, ctxFor);
  const base = `/ledger-desktop/${resource.resource}`;
  const collection = catalog.paths[base] ?? {};
  const single = catalog.paths[`${base}/{id}`] ?? {};
  const voidPath = catalog.paths[`${base}/{id}/void`] ?? {};
  const camel = camelOf(resource.resource);
  const wants = (verb: Verb): boolean => resource.verbs === undefined || resource.verbs.includes(verb);
  const components = new Set<string>();
  const schemas: Record<string, Node> = {};
  const paths: Record<string, Node> = {};

  const objectSchemaRef = (op: CatalogOperation | undefined): Node | undefined => {
    const schema = jsonSchemaOf(op?.responses['200']?.content);
    return schema;
  };
  const listOp = collection['get'];
  const listSchema = objectSchemaRef(listOp);
  const isList = listSchema !== undefined && (listSchema['properties'] as Record<string, Node> | undefined)?.['data'] !== undefined;
  const itemRef = isList ? (((listSchema?.['properties'] as Record<string, Node>)['data'] as Node)['items'] as Node) : listSchema;
  const objectComponent = typeof itemRef?.['$ref'] === 'string' ? (itemRef['$ref'] as string).split('/').pop() ?? '' : '';
  if (!objectComponent) throw new Error(`${resource.resource}: the catalog's GET ${base} does not name an object schema`);
  const objectName = schemaNameOf(objectComponent);
  components.add(objectComponent);

  const header = [{ $ref: `${COMMON}#/parameters/EndUserId` }, { $ref: `${COMMON}#/parameters/TimeoutSeconds` }];
  const ok = (text: string, schema: Node): Node => ({
    '200': {
      description: fill(text, resource),
      headers: { 'Service-Request-Id': { $ref: `${COMMON}#/headers/Service-Request-Id` } },
      content: { 'application/json': { schema } },
    },
    default: { $ref: `${ERRORS}#/responses/Error` },
  });
  const operation = (verb: string, textKey: string, extra: Node, response: Node): Node => ({
    operationId: `${camel}.${verb}`,
    summary: fill(VERB_TEXT[textKey]?.summary ?? verb, resource),
    description: fill(VERB_TEXT[textKey]?.description ?? '', resource),
    ...extra,
    responses: ok(VERB_TEXT[textKey]?.response ?? '', response),
  });
  const requestBody = (op: CatalogOperation, name: string): Node => {
    const schema = jsonSchemaOf(op.requestBody?.content);
    if (!schema) throw new Error(`${resource.resource}: a write without a JSON body`);
    usedComponents(schema, components);
    schemas[name] = convertSchema(schema, ctxFor('request'));
    return { required: true, content: { 'application/json': { schema: { $ref: `#/schemas/${name}` } } } };
  };
  const queryParameters = (op: CatalogOperation): Node[] =>
    catalogQueryParameters(op, shared, ctxFor('request'), (name) => `Only ${pluralOf(resource.noun)} with this ${name.replace(/([A-Z])/g, ' $1').toLowerCase()}.`);
  const objectResponse: Node = { $ref: `#/schemas/${objectName}` };

  const collectionItem: Node = {};
  if (listOp && (wants('list') || wants('retrieve'))) {
    usedComponents(listSchema, components);
    if (isList) {
      const paged = (listOp.parameters ?? []).some((p) => p.name === 'cursor');
      // The envelope follows the catalog's answer, not the cursor: one list (templates) takes no cursor
      // yet answers in the paged envelope, always on one page.
      const pagedEnvelope = JSON.stringify(listOp.responses['200'] ?? {}).includes('"nextCursor"');
      const envelope: Node = {
        type: 'object',
        allOf: [
          { $ref: `${COMMON}#/schemas/${pagedEnvelope ? 'PagedList' : 'UnpagedList'}` },
          { type: 'object', properties: { data: { type: 'array', items: objectResponse } } },
        ],
        unevaluatedProperties: false,
      };
      collectionItem['get'] = operation('list', paged ? 'pagedList' : 'unpagedList', { parameters: [...header, ...queryParameters(listOp)] }, envelope);
    } else {
      collectionItem['get'] = operation('retrieve', 'single', { parameters: header }, objectResponse);
    }
  }
  if (collection['post'] && wants('create')) {
    collectionItem['post'] = operation('create', 'create', { parameters: header, requestBody: requestBody(collection['post'], `${objectName}Create`) }, objectResponse);
  }
  if (Object.keys(collectionItem).length > 0) paths[base] = collectionItem;

  const idParameter = (op: CatalogOperation): Node => {
    const facts = factsOf(op.parameters?.find((p) => p.in === 'path')?.schema ?? { type: 'string' });
    return shared.find('{id}', facts) ? { $ref: `${COMMON}#/parameters/${shared.find('{id}', facts)}` } : { in: 'path', name: 'id', required: true, schema: facts };
  };
  const singleItem: Node = {};
  if (single['get'] && wants('retrieve')) singleItem['get'] = operation('retrieve', 'retrieve', { parameters: [idParameter(single['get']), ...header] }, objectResponse);
  if (single['post'] && wants('update')) {
    singleItem['post'] = operation('update', 'update', { parameters: [idParameter(single['post']), ...header], requestBody: requestBody(single['post'], `${objectName}Update`) }, objectResponse);
  }
  if (single['delete'] && wants('delete')) {
    const schema = jsonSchemaOf(single['delete'].responses['200']?.content) ?? {};
    usedComponents(schema, components);
    singleItem['delete'] = operation('delete', 'delete', { parameters: [idParameter(single['delete']), ...header] }, convertSchema(schema, ctxFor('response')));
  }
  if (Object.keys(singleItem).length > 0) paths[`${base}/{id}`] = singleItem;
  if (voidPath['post'] && wants('void')) {
    const schema = jsonSchemaOf(voidPath['post'].responses['200']?.content) ?? {};
    usedComponents(schema, components);
    paths[`${base}/{id}/void`] = { post: operation('void', 'void', { parameters: [idParameter(voidPath['post']), ...header] }, convertSchema(schema, ctxFor('response'))) };
  }
  return { paths, schemas, components };
}
