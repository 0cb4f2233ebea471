import { COMMON, camelOf, catalogQueryParameters, type BuiltResource, type Catalog, type SharedParameters } from './buildResource.ts';
import type { ConvertContext, Node } from './convertSchema.ts';
import { REPORT_FAMILIES, REPORT_PARAMETERS } from './reportGlossary.ts';
import type { ServedResource } from './servedResources.ts';

const ERRORS = '../components/errors.yaml';

/**
 * The report endpoints: every GET the catalog has under `/ledger-desktop/reports/`, one per family
 * (`reports.generalSummary`), each with the catalog's query parameters and the one report shape
 * (`ldg_report`) as its answer. Parameters the lists share (`updatedAfter`) stay the reports' own:
 * their prose differs, and no shared parameter has the same facts.
 */
export function buildReports(catalog: Catalog, resource: ServedResource, shared: SharedParameters, ctxFor: (direction: 'request' | 'response') => ConvertContext): BuiltResource {
  const prefix = `/ledger-desktop/${resource.resource}/`;
  const paths: Record<string, Node> = {};
  const components = new Set<string>();
  for (const [path, item] of Object.entries(catalog.paths).filter(([p]) => p.startsWith(prefix)).sort(([a], [b]) => a.localeCompare(b))) {
    const op = item['get'];
    if (!op) continue;
    const family = path.slice(prefix.length);
    const text = REPORT_FAMILIES[family];
    if (!text) throw new Error(`reports: no words of ours for the family ${family} (scripts/spec/reportGlossary.ts)`);
    const answer = op.responses['200']?.content?.['application/json']?.schema;
    const component = typeof answer?.['$ref'] === 'string' ? answer['$ref'].split('/').pop() ?? '' : '';
    if (!component) throw new Error(`reports: GET ${path} does not answer a named schema`);
    components.add(component);
    const parameters = catalogQueryParameters(op, shared, ctxFor('request'), (name) => REPORT_PARAMETERS[name]);
    paths[path] = {
      get: {
        operationId: `${camelOf(resource.resource)}.${camelOf(family)}`,
        summary: text.summary,
        description: text.description,
        parameters: [{ $ref: `${COMMON}#/parameters/EndUserId` }, { $ref: `${COMMON}#/parameters/TimeoutSeconds` }, ...parameters],
        responses: {
          '200': {
            description: 'The report, computed from the company file when it was asked for.',
            headers: { 'Service-Request-Id': { $ref: `${COMMON}#/headers/Service-Request-Id` } },
            content: { 'application/json': { schema: { $ref: ctxFor('response').componentRef(component) } } },
          },
          default: { $ref: `${ERRORS}#/responses/Error` },
        },
      },
    };
  }
  if (Object.keys(paths).length === 0) throw new Error(`reports: the catalog has no GET under ${prefix}`);
  return { paths, schemas: {}, components };
}
