import fs from 'node:fs';
import path from 'node:path';
import { SimClock } from '../desktop/clock.ts';
import { DesktopHost } from '../desktop/DesktopHost.ts';
import type { FixtureTools } from '../fixtures/fixtureTools.ts';
import { TESTING_PROJECT } from '../Sandbox.ts';
import { ProjectClocks } from '../service/ProjectClocks.ts';
import { newEndUserId, randomToken } from '../service/serviceIds.ts';
import { ServiceState, type EndUserRow } from '../service/ServiceState.ts';
import type { ConnectResult } from '../service/types.ts';

export interface DataDir {
  deps: { state: ServiceState; host: DesktopHost; clocks: ProjectClocks; operations: FixtureTools['operations']; seedings: Map<string, Promise<ConnectResult>> };
  /** The end user with this id in the testing project, or an error that says so. */
  endUser(id: string): EndUserRow;
  /** A new end user of the testing project, named after the fixture's company. */
  newEndUser(companyName: string): EndUserRow;
  close(): void;
}

/**
 * A sandbox's data dir opened directly (Service records and company files), with no server: what
 * `fixtures load|export --data-dir` work on. The sandbox must not be running on it meanwhile: it
 * keeps counters of the company file in memory and would not see what was written here.
 */
export function openDataDir(dir: string, tools: FixtureTools): DataDir {
  const dataDir = path.resolve(dir);
  fs.mkdirSync(dataDir, { recursive: true });
  const clock = new SimClock();
  const state = new ServiceState(path.join(dataDir, 'service.sqlite'));
  state.ensureProject(TESTING_PROJECT);
  const host = new DesktopHost({ dataDir, clock, types: tools.types });
  const clocks = new ProjectClocks(clock, state);
  return {
    // No seeding runs in a thread here: nothing is ever in flight.
    deps: { state, host, clocks, operations: tools.operations, seedings: new Map() },
    endUser(id) {
      const row = state.endUser(TESTING_PROJECT.id, id);
      if (!row) throw new Error(`no end user "${id}" in ${dataDir} (project "${TESTING_PROJECT.name}")`);
      return row;
    },
    newEndUser(companyName) {
      const row: EndUserRow = {
        id: newEndUserId(),
        project_id: TESTING_PROJECT.id,
        company_name: companyName,
        source_id: `fixture-${randomToken(12)}`,
        email: 'fixtures@ledger-sim.test',
        created_at: clocks.forProject(TESTING_PROJECT.id).now(),
      };
      state.addEndUser(row);
      return row;
    },
    close() {
      state.close();
      host.closeAll();
    },
  };
}
