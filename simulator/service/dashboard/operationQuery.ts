import type { JsonValue } from '../../desktop/values/json.ts';
import { describeIssue } from '../../spec/compileValidators.ts';
import type { OperationSpec } from '../../spec/types.ts';
import { parseQuery } from '../parseQuery.ts';
import { ServiceError } from '../ServiceError.ts';
import type { ServiceDeps } from '../types.ts';
import { html, type Html } from './html.ts';

/**
 * An operation's query from a page's form, read and validated as the API reads and validates it
 * (defaults filled in), or the API's refusal of it (naming the parameter) for the page to show.
 * Empty fields are left out.
 */
export function operationQuery(deps: ServiceDeps, op: OperationSpec, search: URLSearchParams): { query: Record<string, JsonValue> } | { refusal: string } {
  let query: Record<string, JsonValue>;
  try {
    query = parseQuery(op, new URLSearchParams([...search].filter(([, value]) => value !== '')));
  } catch (error) {
    if (error instanceof ServiceError) return { refusal: error.message };
    throw error;
  }
  const check = deps.validators.get(op.operationId)?.query;
  if (check && !check(query)) {
    const issue = describeIssue(check.errors);
    return { refusal: `Invalid request at "${issue.field}": ${issue.message}` };
  }
  return { query };
}

/** A form field per query parameter of the operation but `skip`: a list of values where the spec has one, text otherwise. */
export function parameterFields(op: OperationSpec, values: URLSearchParams, skip: ReadonlySet<string>): Html[] {
  return op.parameters
    .filter((p) => p.in === 'query' && !skip.has(p.name))
    .map((p) => {
      const value = values.get(p.name) ?? '';
      const choices = p.schema.enum ?? p.schema.items?.enum;
      const input = choices
        ? html`<select id="q-${p.name}" name="${p.name}"><option value="">(default)</option>${choices.map((c) => html`<option${String(c) === value ? html` selected` : html``}>${String(c)}</option>`)}</select>`
        : html`<input id="q-${p.name}" name="${p.name}" value="${value}">`;
      return html`<div><label for="q-${p.name}">${p.name}</label>${input}</div>`;
    });
}
