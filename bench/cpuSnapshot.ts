import fs from 'node:fs';
import os from 'node:os';

export interface CpuSnapshot {
  at: number;
  /** Busy milliseconds of the whole machine, all cores. */
  machineMs: number;
  /** CPU milliseconds of this process (the load client). */
  selfMs: number;
  /** CPU milliseconds of the watched child (the server), all its threads. */
  childMs: number;
}

export interface RoundCpu {
  /** Share of all cores used by processes other than the bench and its server (0 on a quiet machine). */
  foreignShare: number;
  serverMs: number;
  clientMs: number;
}

const TICK_MS = 10; // USER_HZ is 100 on every Linux the bench targets

function machineBusyMs(): number {
  let busy = 0;
  for (const cpu of os.cpus()) busy += cpu.times.user + cpu.times.nice + cpu.times.sys + cpu.times.irq;
  return busy;
}

/** utime + stime of a live process from /proc; 0 where there is no /proc (the figure is then an upper bound). */
function processMs(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

export function cpuSnapshot(childPid: number): CpuSnapshot {
  const self = process.cpuUsage();
  return { at: performance.now(), machineMs: machineBusyMs(), selfMs: (self.user + self.system) / 1000, childMs: processMs(childPid) };
}

/**
 * Share of the machine's cores used by processes other than the bench and its server between two
 * snapshots. This box may be shared: a round that had to share it is visible, not silently slow.
 */
export function roundCpu(before: CpuSnapshot, after: CpuSnapshot): RoundCpu {
  const capacity = (after.at - before.at) * os.cpus().length;
  const serverMs = after.childMs - before.childMs;
  const clientMs = after.selfMs - before.selfMs;
  const foreign = after.machineMs - before.machineMs - serverMs - clientMs;
  return { foreignShare: capacity > 0 ? Math.max(0, foreign / capacity) : 0, serverMs, clientMs };
}
