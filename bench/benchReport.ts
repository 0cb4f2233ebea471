import type { CaptureBench, CaptureSetup } from './benchCapture.ts';
import type { ContractResult, ContractSetup } from './benchContract.ts';
import type { PackageResult, PackageSetup, PackageTargets } from './benchPackage.ts';
import type { LargeResult, LargeSetup, LargeTargets } from './benchLarge.ts';
import type { ThroughputResult, ThroughputSetup } from './benchThroughput.ts';
import type { FixturesResult, FixturesSetup } from './benchFixtures.ts';
import type { ListsResult } from './benchLists.ts';
import type { ReportsResult, ReportsSetup } from './benchReports.ts';
import type { SeedingRun, SeedingSetup } from './benchSeeding.ts';
import type { StartupResult, StartupSetup } from './benchStartup.ts';
import type { MachineInfo } from './machineInfo.ts';

/** Everything one `npm run bench` measured; printed as tables and written as-is by --json. */
export interface BenchReport {
  machine: MachineInfo;
  // A section is absent when `--only` left it out.
  throughput?: { setup: Omit<ThroughputSetup, 'cpuProfDir'>; result: ThroughputResult };
  seeding?: { setup: SeedingSetup; runs: SeedingRun[] };
  lists?: ListsResult;
  startup?: { setup: StartupSetup; result: StartupResult[] };
  fixtures?: { setup: FixturesSetup; result: FixturesResult };
  reports?: { setup: ReportsSetup; result: ReportsResult };
  contract?: { setup: ContractSetup; result: ContractResult };
  /** Issue 39: capture of the demo file through a control-hiding proxy (printed after the other sections). */
  capture?: { setup: CaptureSetup; result: CaptureBench };
  large?: { setup: LargeSetup; result: LargeResult };
  package?: { setup: PackageSetup; result: PackageResult; targets: PackageTargets };
  /** The contract runner straight at the sandbox, and its whole read-only run behind the proxy. */
  contractTargets: { sandboxMs: number; wholeMs: number };
  /** Issue 37: reports, seeding and another end user's latency on the large company file. */
  largeTargets: LargeTargets;
  /** The slowest report over the whole demo file must answer within this. */
  reportTargetMs: number;
  /** The ratio the project tracks: sandbox over baseline requests per second. */
  ratioTarget: number;
  /** The sandbox's p99 latency the project tracks, at the bench's concurrency and paced rate. */
  p99TargetMs: number;
  /** A filter's cold first page on the seeded file must answer within this. */
  filterTargetMs: number;
  /** Spawn to first answer of the CLI with the demo file. */
  startupTargetMs: number;
  /** Seeding `seeding.setup.aloneCustomers` customers in memory. */
  seedTargetSeconds: number;
  /** Loading the fixture of `fixtures.setup.aloneCustomers` customers (its first round), on disk. */
  fixtureLoadTargetSeconds: number;
  loadAvgAtEnd: number;
  /** `firstTouchMicros` when the bench ended. */
  firstTouchAtEnd: number;
  totalSeconds: number;
  cpuProfile?: string;
}
