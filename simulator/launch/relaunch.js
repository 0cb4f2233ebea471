// Running this command again in a child process with another environment (hugePages.js says why),
// as if it were this process: same arguments and standard streams, its signals, its exit.
import { spawn } from 'node:child_process';
import process from 'node:process';
import { setInterval } from 'node:timers';

const MARK = 'LEDGER_SIM_LAUNCHED_BY';
/** In a relaunched process: its launcher's pid, the process its user started and knows it by (the ready file names it). */
export const LAUNCHER_PID = 'LEDGER_SIM_LAUNCHER_PID';
const FORWARDED = ['SIGINT', 'SIGTERM', 'SIGHUP'];
/** How often a relaunched process looks whether its launcher is still there. */
const LAUNCHER_CHECK_MS = 100;

/**
 * Starts this command again with `env` and ends as it ends: its exit code, or killed by the same
 * signal. The child has a process group of its own, so a terminal's Ctrl-C reaches it once, passed
 * on from here (the sandbox takes a second SIGINT as "stop now"). Should this process be killed
 * outright (SIGKILL), the child finds itself given to another parent and is killed the same way
 * (`followLauncher`): no sandbox is left running that nothing owns.
 */
export function relaunch(env) {
  const child = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    env: { ...env, [MARK]: String(process.pid) },
    stdio: 'inherit',
    detached: true,
  });
  const pass = (signal) => child.kill(signal);
  for (const signal of FORWARDED) process.on(signal, pass);
  child.on('error', (error) => {
    process.stderr.write(`ledger-sim: could not start its child process (${error.message}); LEDGER_SIM_HUGE_PAGES=0 runs without one\n`);
    process.exit(1);
  });
  child.on('exit', (code, signal) => {
    for (const name of FORWARDED) process.off(name, pass);
    if (signal) process.kill(process.pid, signal);
    else process.exit(code ?? 1);
  });
}

/** In a process `relaunch` started: killed as its launcher is, and otherwise as any process. */
export function followLauncher() {
  const launcher = Number(process.env[MARK]);
  if (!launcher) return;
  // Its own children are no one's relaunch.
  delete process.env[MARK];
  process.env[LAUNCHER_PID] = String(launcher);
  // An orphan is given to another parent: looked for instead of a channel between the two, which
  // would leave this process one that `process.send`s.
  const check = () => {
    if (process.ppid !== launcher) process.kill(process.pid, 'SIGKILL');
  };
  check();
  setInterval(check, LAUNCHER_CHECK_MS).unref();
}
