/**
 * A `mnemo` command as a small declarative unit: its words, arguments and options (commander's own
 * Argument and Option), `input` to check the command line before the home is opened, `run` to do
 * the work and return data, and `render` to turn the data into text. The shared runner
 * (run-command.ts) opens and closes the home, prints the data (as JSON with --json), and turns a
 * failure into an exit code, so each of them can be called, and tested, on its own.
 */
import type { Argument, Option } from "commander";
import type { MemoryHome } from "../../index.js";
import type { ScopeStack } from "../../scopes.js";

export interface PrintContext {
  /**
   * For a command that runs until it is stopped (serve): prints data as soon as there is some, the
   * way the runner prints what `run` returns.
   */
  print(data: unknown): void;
}

export interface CommandContext extends PrintContext {
  /** The memory home, opened by the runner for this command and closed after it. */
  memory: MemoryHome;
}

/** What render may show besides the data: the files as a person opens them, and the time now. */
export interface RenderContext {
  /** The absolute file of a path relative to the home. */
  locate(path: string): string;
  home: string;
  now: Date;
}

export interface CliCommand<Options, Input, Data> {
  /** The command's word under its parent ("remember"; "add" under "profile"). */
  name: string;
  /** One line for the parent's help; default: the description. */
  summary?: string;
  description: string;
  arguments?: Argument[];
  options?: Option[];
  /** Shown at the end of --help. */
  examples: string[];
  /** False for a command whose stdout is a protocol (mcp): no --json. */
  json?: boolean;
  /** From the command line to run's input: checks it and reads stdin or files, before the home is opened. */
  input(args: Array<string | undefined>, options: Options): Input | Promise<Input>;
  /** The work, on the open home. Undefined when there is nothing (more) to print. */
  run?(input: Input, context: CommandContext): Promise<Data>;
  /**
   * For a command that can work without the one memory home (serve --homes; tokens and homes, which
   * have no run and work on a root of many homes): the work for this input, or undefined to open the
   * home and call run. The runner then opens no home, and a command without run has no --home.
   */
  withoutHome?(input: Input): ((context: PrintContext) => Promise<Data>) | undefined;
  /**
   * For a command another process can answer (recall through `mnemo daemon`): its answer, asked
   * before the home is opened; undefined opens the home and calls run as usual.
   */
  remote?(input: Input, options: CommonOptions): Promise<RemoteAnswer<Data> | undefined>;
  /** The data as text for a person; "" prints nothing. */
  render(data: Data, context: RenderContext): string;
  /** The JSON printed with --json, when it is not the data itself. */
  toJson?(data: Data): unknown;
  /** Messages for the person at the terminal (stderr), after the data. */
  notes?(data: Data, input: Input, context: RenderContext & { json: boolean }): string[];
  /**
   * Work left after the data and notes were printed, on the still open home: `mnemo recall`
   * finishes the index's vectors there, so its answer is not held back by them.
   */
  afterPrint?(data: Data, input: Input, context: CommandContext): Promise<void>;
  /** Default 0. */
  exitCode?(data: Data, input: Input): number;
  /** Printed as is when stdout is not a terminal (no newline added): a prompt piped into a file. */
  verbatim?: boolean;
  /** The work on a stack of homes, for a command that also works on one (it gets --no-scopes). */
  // biome-ignore lint/suspicious/noExplicitAny: the scoped data has a shape of its own.
  scoped?: ScopedRun<Input, any>;
}

/**
 * A command's work on a stack of homes (docs/scopes.md), for a run inside a repository with a
 * `.mnemo/` and no --home, --store or --no-scopes: the runner opens the stack instead of one home.
 */
export interface ScopedRun<Input, Data> {
  run(input: Input, context: PrintContext & { scopes: ScopeStack }): Promise<Data>;
  render(data: Data, context: RenderContext): string;
  notes?(data: Data, input: Input, context: RenderContext & { json: boolean }): string[];
  /** Default 0. */
  exitCode?(data: Data, input: Input): number;
}

/** An answer made elsewhere: the data, and its --json text as that process wrote it. */
export interface RemoteAnswer<Data> {
  data: Data;
  json: string;
  /** The home folder it was answered on. */
  home: string;
}

/** Commands under one word ("profile read", "profile add"). */
export interface CommandGroup {
  name: string;
  summary?: string;
  description: string;
  commands: AnyCliCommand[];
}

// biome-ignore lint/suspicious/noExplicitAny: a list holds commands of every shape; defineCommand checked each one.
export type AnyCliCommand = CliCommand<any, any, any>;

/** Checks a command's parts against each other (input feeds run, run's data feeds render). */
export function defineCommand<Options, Input, Data>(
  command: CliCommand<Options, Input, Data>,
): CliCommand<Options, Input, Data> {
  return command;
}

/** The options every command has. */
export interface CommonOptions {
  home?: string;
  /** A PostgreSQL URL: the home is a row set of that database, not a folder. */
  store?: string;
  homeId?: string;
  /** Who writes: saves record it as `agent` (default $MNEMO_AGENT). */
  agent?: string;
  /** The run or session: saves record it as `run` (default $MNEMO_RUN). */
  run?: string;
  json?: boolean;
  /** False with --no-scopes: one home, even inside a repository with a `.mnemo/`. */
  scopes?: boolean;
}
