/** What setup changes in one file, both ways: pure functions of the file's text. */
export interface FileEdit {
  /** Absolute. */
  path: string;
  /** The text after setup; undefined when the file is not there. */
  add(current: string | undefined): string | undefined;
  /** The text after --remove; undefined when nothing is left that is not setup's (the file goes). */
  remove(current: string | undefined): string | undefined;
}

export type Agent = "claude-code" | "codex" | "cursor";
export const AGENTS: readonly Agent[] = ["claude-code", "codex", "cursor"];

export type SetupScope = "project" | "user";

/** Where the agent's files are and what their entries start. */
export interface SetupTarget {
  scope: SetupScope;
  /** The user's home folder ($HOME). */
  userDirectory: string;
  /** The project: the folder setup runs in. */
  projectDirectory: string;
  /** Codex's own folder ($CODEX_HOME, else ~/.codex). */
  codexDirectory: string;
  /** The MCP entry's command and arguments for `mnemo mcp`. */
  mcpServer: { command: string; args: string[] };
  /** The shell command line of `mnemo WORDS` (with --home when setup was given one). */
  shellCommand(words: string[]): string;
}
