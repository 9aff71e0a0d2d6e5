/**
 * The `mnemo` entry under `mcpServers` of a JSON file (Claude Code's .mcp.json and ~/.claude.json,
 * Cursor's mcp.json): added, brought up to date when it points at another mnemo, and taken out
 * with the `mcpServers` object when setup made that too. Every other key keeps its bytes.
 */
import { isDeepStrictEqual } from "node:util";
import { getNodeValue } from "jsonc-parser";
import { MnemoError } from "../../errors.js";
import type { FileEdit } from "./file-edit.js";
import {
  addProperty,
  newJsonDocument,
  nodeAt,
  parseJsonObject,
  removeMember,
  replaceValue,
} from "./json-text-edit.js";

export const MCP_SERVER_NAME = "mnemo";

export function mcpServersEdit(path: string, entry: { command: string; args: string[] }): FileEdit {
  return {
    path,
    add(current) {
      if (current === undefined) return newJsonDocument({ mcpServers: { [MCP_SERVER_NAME]: entry } });
      parseJsonObject(current, path);
      const servers = nodeAt(current, ["mcpServers"]);
      if (!servers) return addProperty(current, [], "mcpServers", { [MCP_SERVER_NAME]: entry });
      if (servers.type !== "object") throw notAnObject(path);
      const existing = nodeAt(current, ["mcpServers", MCP_SERVER_NAME]);
      if (!existing) return addProperty(current, ["mcpServers"], MCP_SERVER_NAME, entry);
      if (isDeepStrictEqual(getNodeValue(existing), entry)) return current;
      return replaceValue(current, ["mcpServers", MCP_SERVER_NAME], entry);
    },
    remove(current) {
      if (current === undefined) return undefined;
      parseJsonObject(current, path);
      if (!nodeAt(current, ["mcpServers", MCP_SERVER_NAME])) return current;
      return removeMember(current, ["mcpServers", MCP_SERVER_NAME]);
    },
  };
}

function notAnObject(path: string): MnemoError {
  return new MnemoError(
    "INVALID_INPUT",
    `"mcpServers" in ${path} is not an object; fix it or move the file away.`,
  );
}
