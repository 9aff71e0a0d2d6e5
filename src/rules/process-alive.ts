/**
 * Which process holds something (a lock, a session, a claim on a queued extraction), and whether it
 * is still running: a holder recorded on this host whose pid is gone was killed and left its work
 * undone. A holder on another host cannot be checked from here.
 */
import { hostname } from "node:os";
import { errnoCode } from "../errors.js";

export interface ProcessHolder {
  pid: number;
  host: string;
}

export function thisProcess(): ProcessHolder {
  return { pid: process.pid, host: hostname() };
}

export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return errnoCode(error) === "EPERM"; // exists, owned by someone else
  }
}

/** True only for a holder known to be gone: on this host, and its pid no longer runs. */
export function isHolderGone(holder: ProcessHolder): boolean {
  return holder.host === hostname() && !isProcessAlive(holder.pid);
}
