/**
 * CPU time spent by this process and by a local PostgreSQL server (the postmaster and its
 * backends, read from /proc), so a benchmark on a shared, overloaded machine can say what a recall
 * costs apart from the time it waited for a core. /proc counts in clock ticks (10 ms): sums over
 * many recalls are meaningful, a single recall's is not. A backend that has exited is counted in
 * its postmaster's children's time (cutime, cstime), so closing connections loses nothing.
 */
import { readdirSync, readFileSync } from "node:fs";

const TICK_MS = 10;

export function processCpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

/** CPU so far of the given processes of this machine (those gone or unreadable count 0). */
export function processesCpuMs(pids: number[]): number {
  return pids.reduce((total, pid) => {
    const fields = statFields(pid);
    return total + (fields ? (fields[2] + fields[3]) * TICK_MS : 0);
  }, 0);
}

/** The server's CPU so far, or undefined when it is not on this machine (or /proc cannot be read). */
export function serverCpuMs(postmasterPid: number | undefined): number | undefined {
  if (postmasterPid === undefined) return undefined;
  let total = 0;
  try {
    for (const name of readdirSync("/proc")) {
      if (!/^\d+$/.test(name)) continue;
      const fields = statFields(Number(name));
      if (!fields) continue;
      const [pid, parent, user, system, exitedChildren] = fields;
      if (pid === postmasterPid) total += (user + system + exitedChildren) * TICK_MS;
      else if (parent === postmasterPid) total += (user + system) * TICK_MS;
    }
  } catch {
    return undefined;
  }
  return total;
}

/** The postmaster of a backend (its parent), when the backend runs on this machine. */
export function parentOf(pid: number): number | undefined {
  return statFields(pid)?.[1];
}

/**
 * pid, parent pid, user and system ticks of a process, and those of its children that exited and
 * were waited for; undefined when it is gone or unreadable.
 */
function statFields(pid: number): [number, number, number, number, number] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name is in parentheses and may hold spaces: fields are counted after it.
    const rest = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return [pid, Number(rest[1]), Number(rest[11]), Number(rest[12]), Number(rest[13]) + Number(rest[14])];
  } catch {
    return undefined;
  }
}
