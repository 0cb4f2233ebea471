// Where malloc's memory comes from for the commands that fill company files (`serve`, `fixtures`).
// SQLite keeps its page cache, and an in-memory company file whole, in malloc'd memory: seeding
// 200,000 transactions fills 1.3 GB of it and faulted it in 4 KB at a time, about 650,000 page
// faults. Under glibc (2.35 and later) the tunable below has malloc ask the kernel for transparent
// huge pages instead: on this project's 2-core VM that seeding in memory took 56 s instead of 72,
// and loading a fixture of 100,000 customers 0.84x the time (paired runs, 2026-11-29). A tunable
// is read once, when a process starts, so a process that wants it is started with it.
import fs from 'node:fs';
import process from 'node:process';

/** glibc's tunable: madvise(MADV_HUGEPAGE) on what malloc maps. */
export const HUGE_PAGES_TUNABLE = 'glibc.malloc.hugetlb=1';

/** Set to 0 to start these commands as they are, without the tunable. */
export const HUGE_PAGES_SWITCH = 'LEDGER_SIM_HUGE_PAGES';

function glibcWithTunable() {
  if (process.platform !== 'linux') return false;
  const report = process.report;
  const excluded = report.excludeNetwork;
  // The report's network section resolves host names: not needed for the C library's version.
  report.excludeNetwork = true;
  try {
    const [major, minor] = String(report.getReport().header.glibcVersionRuntime ?? '').split('.').map(Number);
    return major > 2 || (major === 2 && minor >= 35);
  } finally {
    report.excludeNetwork = excluded;
  }
}

function kernelOffersHugePages() {
  try {
    return !fs.readFileSync('/sys/kernel/mm/transparent_hugepage/enabled', 'utf8').includes('[never]');
  } catch {
    return false;
  }
}

/**
 * The environment to start a company-file-filling process with: `env` with the tunable added to
 * GLIBC_TUNABLES. Undefined when there is nothing to add: switched off, the tunable already set
 * (by the user, or this is the process started with it), no glibc of 2.35 or later (musl, macOS,
 * Windows) or a kernel that offers no huge pages.
 */
export function hugePagesEnv(env = process.env) {
  if (env[HUGE_PAGES_SWITCH] === '0') return undefined;
  const tunables = env.GLIBC_TUNABLES ?? '';
  if (tunables.includes('glibc.malloc.hugetlb')) return undefined;
  if (!kernelOffersHugePages() || !glibcWithTunable()) return undefined;
  return { ...env, GLIBC_TUNABLES: tunables === '' ? HUGE_PAGES_TUNABLE : `${tunables}:${HUGE_PAGES_TUNABLE}` };
}
