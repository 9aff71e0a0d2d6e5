/** A Cursor project rule that is setup's own file: written whole, deleted by --remove. */
import { MnemoError } from "../../errors.js";
import type { FileEdit } from "./file-edit.js";
import { memoryInstructions } from "./instructions.js";

const OWNER_LINE = "<!-- written by mnemo setup cursor; mnemo setup cursor --remove deletes this file -->";

export function cursorRuleEdit(path: string): FileEdit {
  const rule = [
    "---",
    "description: Long-term memory through the mnemo MCP server",
    "alwaysApply: true",
    "---",
    OWNER_LINE,
    memoryInstructions({ hooks: false }),
    "",
  ].join("\n");
  return {
    path,
    add(current) {
      if (current !== undefined && !current.includes(OWNER_LINE))
        throw new MnemoError(
          "INVALID_INPUT",
          `${path} exists and was not written by mnemo setup; move it away, then run mnemo setup cursor again.`,
        );
      return rule;
    },
    remove: (current) => (current?.includes(OWNER_LINE) ? undefined : current),
  };
}
