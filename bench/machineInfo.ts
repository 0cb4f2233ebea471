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
    startedAt: new Date().toISOString(),
  };
}
