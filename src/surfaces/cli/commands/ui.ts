import { spawn } from "node:child_process";
import { Option } from "commander";
import { DEFAULT_HTTP_HOST, DEFAULT_HTTP_PORT, DEFAULT_MAX_BODY_BYTES } from "../../http/http-defaults.js";
import { type CommonOptions, defineCommand } from "../cli-command.js";
import { printNote } from "../output.js";
import { serveUntilStopped } from "../serve-until-stopped.js";
import { wholeNumber } from "./serve.js";

interface UiOptions extends CommonOptions {
  port: string;
  open: boolean;
}

export const ui = defineCommand({
  name: "ui",
  summary: "Open the web memory browser (serves the home on loopback until Ctrl+C)",
  description:
    "Serve the memory home on 127.0.0.1, as `mnemo serve` does, and open the web memory browser in the default " +
    "browser: the profile by section, typed memories, journals, daily logs, the archive with restore, search with " +
    "scores, recorded sessions and the home's status. Only this machine can reach it. Stops on Ctrl+C or SIGTERM.",
  options: [
    new Option("--port <n>", "the port (0 picks a free one)").default(String(DEFAULT_HTTP_PORT)),
    new Option("--no-open", "print the address without starting a browser"),
  ],
  examples: ["mnemo ui", "mnemo ui --port 0 --no-open --json"],
  input: (_args, options: UiOptions) => ({
    port: wholeNumber(options.port, "--port", 0, 65535),
    open: options.open,
  }),
  async run(input, { memory, print }) {
    const listen = { host: DEFAULT_HTTP_HOST, port: input.port, maxBodyBytes: DEFAULT_MAX_BODY_BYTES };
    await serveUntilStopped(memory, listen, (url) => {
      const address = { url: `${url}/ui/`, home: memory.home };
      print(address);
      if (input.open) openInBrowser(address.url);
    });
    return undefined;
  },
  render: (address: { url: string; home: string }) =>
    `The memory browser for ${address.home} is at ${address.url} (Ctrl+C stops it)`,
});

/** The platform's own opener; a machine without one (a server, a container) just has the printed address. */
function openInBrowser(url: string): void {
  const [command, ...args] =
    process.platform === "darwin"
      ? ["open", url]
      : process.platform === "win32"
        ? ["cmd", "/c", "start", '""', url]
        : ["xdg-open", url];
  const child = spawn(command as string, args, { stdio: "ignore", detached: true });
  child.on("error", () => printNote(`could not start a browser: open ${url} yourself`));
  child.unref();
}
