/**
 * The background process itself, started detached by `mnemo daemon start` or a recall that found the
 * daemon turned on and not running: `node daemon-main.js --idle-minutes N`. It has no terminal; it
 * ends when idle, on a stop request, or on SIGTERM/SIGINT, and removes its socket each time.
 */
import { parseArgs } from "node:util";
import { errorMessage } from "../../errors.js";
import { daemonPaths } from "./daemon-paths.js";
import { startDaemonServer } from "./daemon-server.js";
import { DEFAULT_IDLE_MINUTES } from "./daemon-setting.js";

const { values } = parseArgs({ options: { "idle-minutes": { type: "string" } } });
const idleMinutes = Number(values["idle-minutes"] ?? DEFAULT_IDLE_MINUTES);
if (!(idleMinutes > 0 && idleMinutes <= 1440)) {
  process.stderr.write(`mnemo daemon: --idle-minutes must be a number of minutes from 0 to 1440\n`);
  process.exit(2);
}
const daemon = await startDaemonServer({ paths: daemonPaths(process.env), idleMinutes }).catch(
  (error: unknown) => {
    process.stderr.write(`mnemo daemon: ${errorMessage(error)}\n`);
    process.exit(1);
  },
);
if (daemon) {
  const stop = () => void daemon.stop();
  process.once("SIGTERM", stop).once("SIGINT", stop);
  await daemon.stopped;
}
// Homes are closed; a timer of a model runtime must not keep a finished daemon alive.
process.exit(0);
