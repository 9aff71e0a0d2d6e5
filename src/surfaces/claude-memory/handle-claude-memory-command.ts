/**
 * A backend for Claude's client-side memory tool (`memory_20250818`): its six commands on a memory
 * home, with the home's path safety, atomic writes under its lock, archive on delete and index
 * upkeep. Every failure, from a malformed command to a path outside /memories, comes back as a
 * result whose text tells the model what to do; nothing the model sends makes it throw.
 */
import { z } from "zod";
import type { MemoryHome } from "../../index.js";
import { MnemoError } from "../../index.js";
import { errorResult, type MemoryToolErrorCode } from "../../session/tools/memory-tool.js";
import { createText, deleteFile, readText, renameFile, writeText } from "./claude-memory-files.js";
import { listFolder } from "./claude-memory-listing.js";
import {
  type ClaudeMemoryFile,
  type ClaudeMemoryTarget,
  parseClaudeMemoryPath,
} from "./claude-memory-path.js";
import { insertAt, numberedLines, replaceOnce } from "./claude-memory-text.js";

const path = z.string();
/** The commands, as the Anthropic SDK types them (BetaMemoryTool20250818*Command). */
const commandSchema = z.discriminatedUnion("command", [
  z.object({ command: z.literal("view"), path, view_range: z.array(z.number()).optional() }),
  z.object({ command: z.literal("create"), path, file_text: z.string() }),
  z.object({ command: z.literal("str_replace"), path, old_str: z.string(), new_str: z.string() }),
  z.object({ command: z.literal("insert"), path, insert_line: z.number(), insert_text: z.string() }),
  z.object({ command: z.literal("delete"), path }),
  z.object({ command: z.literal("rename"), old_path: z.string(), new_path: z.string() }),
]);

export type ClaudeMemoryCommand = z.input<typeof commandSchema>;

export interface ClaudeMemoryResult {
  ok: boolean;
  /** For the model: the tool result's content ("Error: ..." when `ok` is false). */
  text: string;
  /** Why it failed, for the program. */
  code?: MemoryToolErrorCode;
}

/**
 * Runs one command of Claude's memory tool (the `input` of its `tool_use` block) on `memory`.
 *
 * @example
 * const result = await handleClaudeMemoryCommand(memory, block.input);
 * toolResults.push({ type: "tool_result", tool_use_id: block.id, content: result.text, is_error: !result.ok });
 */
export async function handleClaudeMemoryCommand(
  memory: MemoryHome,
  command: unknown,
): Promise<ClaudeMemoryResult> {
  const parsed = commandSchema.safeParse(command);
  if (!parsed.success) return failure("INVALID_INPUT", describeInvalidCommand(command, parsed.error));
  if (!memory.enabled)
    return failure(
      "DISABLED",
      "Memory is disabled (enabled: false in config.json or MNEMO_ENABLED=0); nothing was read or written.",
    );
  try {
    return { ok: true, text: await run(memory, parsed.data) };
  } catch (error) {
    const { data } = errorResult(error);
    const { code, message } = data.error as { code: MemoryToolErrorCode; message: string };
    return failure(code, message);
  }
}

async function run(memory: MemoryHome, command: z.output<typeof commandSchema>): Promise<string> {
  switch (command.command) {
    case "view": {
      const target = parseClaudeMemoryPath(command.path);
      if (target.kind === "root" || target.kind === "type-folder") return listFolder(memory, target);
      return numberedLines(target.path, await existingText(memory, target), command.view_range);
    }
    case "create": {
      const file = fileTarget(parseClaudeMemoryPath(command.path), "create");
      const note = await createText(memory, file, command.file_text);
      return `File created successfully at: ${file.path}${note === "" ? "" : `. ${note}`}`;
    }
    case "str_replace": {
      const file = fileTarget(parseClaudeMemoryPath(command.path), "edit");
      const edit = replaceOnce(file.path, await existingText(memory, file), command.old_str, command.new_str);
      await writeText(memory, file, edit.text);
      return `The memory file has been edited. Here is the snippet showing the change (with line numbers):\n${edit.snippet}`;
    }
    case "insert": {
      const file = fileTarget(parseClaudeMemoryPath(command.path), "edit");
      const text = insertAt(
        file.path,
        await existingText(memory, file),
        command.insert_line,
        command.insert_text,
      );
      await writeText(memory, file, text);
      return `The file ${file.path} has been edited.`;
    }
    case "delete": {
      const file = fileTarget(parseClaudeMemoryPath(command.path), "delete");
      const archive = await deleteFile(memory, file);
      return `Successfully deleted ${file.path}${archive === undefined ? "" : ` (its text is kept in ${archive})`}`;
    }
    case "rename": {
      const from = fileTarget(parseClaudeMemoryPath(command.old_path), "rename");
      const to = fileTarget(parseClaudeMemoryPath(command.new_path), "rename");
      if (from.path !== to.path) await renameFile(memory, from, to);
      return `Successfully renamed ${from.path} to ${to.path}`;
    }
  }
}

async function existingText(memory: MemoryHome, file: ClaudeMemoryFile): Promise<string> {
  const text = await readText(memory, file);
  if (text === undefined)
    throw new MnemoError("NOT_FOUND", `The path ${file.path} does not exist. Please provide a valid path.`);
  return text;
}

/** Folders are fixed: /memories and its four type folders can be viewed, never created, edited, deleted or renamed. */
function fileTarget(target: ClaudeMemoryTarget, action: string): ClaudeMemoryFile {
  if (target.kind === "root" || target.kind === "type-folder")
    throw new MnemoError(
      "INVALID_INPUT",
      `Cannot ${action} ${target.path}: it is a folder, and mnemo's folders are fixed. Use a file: /memories/<type>/<name>.md or /memories/<topic>.md.`,
    );
  return target;
}

function failure(code: MemoryToolErrorCode, message: string): ClaudeMemoryResult {
  return { ok: false, text: `Error: ${message}`, code };
}

function describeInvalidCommand(command: unknown, error: z.ZodError): string {
  const name = (command as { command?: unknown } | null)?.command;
  if (
    typeof name !== "string" ||
    !["view", "create", "str_replace", "insert", "delete", "rename"].includes(name)
  )
    return `Unknown memory command ${JSON.stringify(name ?? null)}; use view, create, str_replace, insert, delete or rename.`;
  const problems = error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join(".") || "the command"}: ${issue.message}`);
  return `Invalid ${name} command: ${problems.join("; ")}.`;
}
