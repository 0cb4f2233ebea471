import { parseFixtureText } from '../../fixtures/fixtureFile.ts';
import { FixtureError, formatProblem } from '../../fixtures/FixtureProblem.ts';
import type { LoadSummary } from '../../fixtures/loadFixture.ts';
import { loadFixtureForEndUser } from '../fixtureControls.ts';
import type { EndUserRow } from '../ServiceState.ts';
import type { ServiceDeps } from '../types.ts';

/** A fixture pasted into a page (JSON when it starts with `{`, YAML otherwise), loaded for the end user; FixtureError when it cannot be. */
export async function loadPastedFixture(deps: ServiceDeps, endUser: EndUserRow, text: string): Promise<LoadSummary> {
  const parsed = parseFixtureText(text, text.trimStart().startsWith('{') ? 'json' : 'yaml');
  if (parsed.root === undefined) throw new FixtureError(parsed.problems, 'it could not be read');
  return loadFixtureForEndUser(deps, endUser, parsed.root);
}

/** What a page says about a fixture that was not loaded: every problem, where it is. */
export function notLoaded(error: FixtureError): string {
  return `The fixture was not loaded (${error.message}): ${error.problems.map((p) => formatProblem('fixture', p)).join('; ')}`;
}
