import { describePlantedBugs, ROWS } from './plantedBugHarness.ts';

// The second half of the rows; plantedBugs.test.ts runs the first.
describePlantedBugs('second half', ROWS.slice(Math.ceil(ROWS.length / 2)));
