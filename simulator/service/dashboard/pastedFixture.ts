import { inLineOrder, parseFixtureText, type FixtureFileFormat } from '../../fixtures/fixtureFile.ts';
import { FixtureError, problemText } from '../../fixtures/FixtureProblem.ts';
import type { LoadSummary } from '../../fixtures/loadFixture.ts';
import { loadFixtureForEndUser } from '../fixtureControls.ts';
import type { EndUserRow } from '../ServiceState.ts';
import type { ServiceDeps } from '../types.ts';

/** JSON when it starts with `{`, YAML otherwise: a page's text or file has no extension to go by. */
const formatOf = (text: string): FixtureFileFormat => (text.trimStart().startsWith('{') ? 'json' : 'yaml');

/** A fixture pasted or uploaded into a page, loaded for the end user; FixtureError when it cannot be. */
export async function loadPastedFixture(deps: ServiceDeps, endUser: EndUserRow, text: string): Promise<LoadSummary> {
  const parsed = parseFixtureText(text, formatOf(text));
  if (parsed.root === undefined) throw new FixtureError(parsed.problems, 'it could not be read');
  return loadFixtureForEndUser(deps, endUser, parsed.root);
}

/** What a page says about a fixture that was not loaded, above the list of its problems. */
export function notLoaded(error: FixtureError): string {
  return `The fixture was not loaded (${error.message}); the company file is unchanged.`;
}

/** Each problem of the fixture `text` as a page lists it, `line 12: customers[0] ...`, in the order of its lines. */
export function problemLines(text: string, error: FixtureError): string[] {
  return inLineOrder(parseFixtureText(text, formatOf(text)), error.problems).map(({ line, problem }) => `${line === undefined ? '' : `line ${line}: `}${problemText(problem)}`);
}
