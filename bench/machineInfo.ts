import os from 'node:os';

export interface MachineInfo {
  node: string;
  cpuModel: string;
  cores: number;
  platform: string;
  totalMemGb: number;
  /** 1-minute load average when the bench started (it lags: it also remembers the last minute). */
  loadAvgAtStart: number;
  /** Share of all cores busy during a short sample before the bench: other work skews every figure. */
  busyShareAtStart: number;
  /** Microseconds to touch a 4 KB page of memory for the first time, at the start (`firstTouchMicros`). */
  firstTouchAtStart: number;
  startedAt: string;
}

function cpuTotals(): { busy: number; total: number } {
  let busy = 0;
  let total = 0;
  for (const cpu of os.cpus()) {
    const t = cpu.times;
    busy += t.user + t.nice + t.sys + t.irq;
    total += t.user + t.nice + t.sys + t.irq + t.idle;
  }
  return { busy, total };
}

/**
 * Microseconds to touch a page of fresh memory for the first time, over `mb` MB allocated for it.
 * On this project's VM this moved from hour to hour by more than anything else, and with it every
 * figure of a step that fills memory (seeding, fixture loads: a 200,000-transaction file is 1.3 GB);
 * a figure is read beside the one of its run.
 */
export function firstTouchMicros(mb = 256): number {
  const page = 4096;
  const bytes = Buffer.allocUnsafeSlow(mb * 1024 * 1024);
  const started = performance.now();
  for (let at = 0; at < bytes.length; at += page) bytes[at] = 1;
  return ((performance.now() - started) * 1000) / (bytes.length / page);
}

export async function machineInfo(sampleMs = 500): Promise<MachineInfo> {
  const before = cpuTotals();
  await new Promise((resolve) => setTimeout(resolve, sampleMs));
  const after = cpuTotals();
  const cpus = os.cpus();
  return {
    node: process.version,
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    platform: `${os.platform()} ${os.arch()} ${os.release()}`,
    totalMemGb: os.totalmem() / 1024 ** 3,
    loadAvgAtStart: os.loadavg()[0] ?? 0,
    busyShareAtStart: (after.busy - before.busy) / Math.max(1, after.total - before.total),
    firstTouchAtStart: firstTouchMicros(),
    startedAt: new Date().toISOString(),
  };
}
