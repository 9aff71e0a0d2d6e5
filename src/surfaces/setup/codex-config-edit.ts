/**
 * The `[mcp_servers.mnemo]` table of Codex's config.toml, written as a block between two comment
 * lines at the end of the file: no other table is rewritten, and --remove takes out exactly that
 * block. smol-toml reads the file before (it must parse, and hold no mnemo server setup did not
 * write) and after (the table must read back as written, whatever the file's layout).
 */
import { isDeepStrictEqual } from "node:util";
import { parse, TomlError } from "smol-toml";
import { MnemoError } from "../../errors.js";
import type { FileEdit } from "./file-edit.js";
import { type BlockMarkers, hasBlock, withBlock, withoutBlock } from "./marked-block.js";

export const TOML_MARKERS: BlockMarkers = { begin: "# mnemo:begin", end: "# mnemo:end" };

export function codexConfigEdit(path: string, entry: { command: string; args: string[] }): FileEdit {
  const block = [
    `${TOML_MARKERS.begin} (written by mnemo setup codex; mnemo setup codex --remove takes it out)`,
    "[mcp_servers.mnemo]",
    `command = ${tomlString(entry.command)}`,
    `args = [${entry.args.map(tomlString).join(", ")}]`,
    TOML_MARKERS.end,
  ].join("\n");
  return {
    path,
    add(current) {
      if (
        current !== undefined &&
        !hasBlock(current, TOML_MARKERS) &&
        mnemoServer(current, path) !== undefined
      )
        throw new MnemoError(
          "INVALID_INPUT",
          `${path} already has an MCP server named mnemo that mnemo setup did not write; remove it (or run mnemo setup codex after removing it) so there is one.`,
        );
      const next = withBlock(current, block, TOML_MARKERS);
      if (!isDeepStrictEqual(readBack(next, path), entry))
        throw new MnemoError(
          "INVALID_INPUT",
          `${path} would not read [mcp_servers.mnemo] back as written (is mcp_servers an inline table there?); add it by hand: ${block.split("\n").slice(1, -1).join(" ")}`,
        );
      return next;
    },
    remove: (current) => (current === undefined ? undefined : withoutBlock(current, TOML_MARKERS)),
  };
}

/** The mnemo server's command and args as Codex would read them, if the file has one. */
function mnemoServer(text: string, path: string): { command: unknown; args: unknown } | undefined {
  let parsed: Record<string, unknown>;
  try {
    parsed = parse(text) as Record<string, unknown>;
  } catch (error) {
    if (!(error instanceof TomlError)) throw error;
    throw new MnemoError(
      "INVALID_INPUT",
      `${path} is not valid TOML (line ${error.line}: ${error.message.split("\n")[0]}); fix it, then run mnemo setup again.`,
    );
  }
  const servers = parsed.mcp_servers as Record<string, { command?: unknown; args?: unknown }> | undefined;
  const server = servers?.mnemo;
  return server === undefined ? undefined : { command: server.command, args: server.args };
}

/** The mnemo server of the text setup made, or undefined when that text does not parse. */
function readBack(text: string, path: string): { command: unknown; args: unknown } | undefined {
  try {
    return mnemoServer(text, path);
  } catch {
    return undefined;
  }
}

/** A TOML basic string: JSON's escapes are TOML's, but TOML also wants DEL escaped. */
function tomlString(value: string): string {
  return JSON.stringify(value).replace(/\x7f/g, "\\u007f");
}
