/**
 * How an agent starts the mnemo that ran setup: the bin itself when it is executable (an npm
 * install links it, so the entry keeps working across upgrades of mnemo), else node with the
 * script. Absolute paths, since an agent starts its servers and hooks with its own PATH.
 */
import { accessSync, constants } from "node:fs";

export interface MnemoLaunch {
  command: string;
  /** What goes before mnemo's own words (the script, when node is the command). */
  args: string[];
}

/** The running mnemo, as an agent can start it again. */
export function runningMnemo(): MnemoLaunch {
  const script = process.argv[1] ?? "mnemo";
  return isExecutable(script) ? { command: script, args: [] } : { command: process.execPath, args: [script] };
}

/** Command and arguments of `mnemo WORDS [--home HOME]`, as an MCP entry lists them. */
export function mnemoInvocation(
  launch: MnemoLaunch,
  words: string[],
  memoryHome: string | undefined,
): { command: string; args: string[] } {
  const home = memoryHome === undefined ? [] : ["--home", memoryHome];
  return { command: launch.command, args: [...launch.args, ...words, ...home] };
}

/** The same as one shell command line, as a Claude Code hook runs it. */
export function mnemoShellCommand(
  launch: MnemoLaunch,
  words: string[],
  memoryHome: string | undefined,
): string {
  const { command, args } = mnemoInvocation(launch, words, memoryHome);
  return [command, ...args].map(shellQuoted).join(" ");
}

/** A word as sh reads it back: as is when it is plain, else in single quotes. */
export function shellQuoted(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
