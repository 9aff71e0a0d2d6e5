import type { Dirent } from "node:fs";
import { readdir, readFile, stat } from "node:fs/promises";
import { homedir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import { mapClaudeCodeMemory } from "./engine/transfer/import-from/claude-code-memory.js";
import { mapCursorRule } from "./engine/transfer/import-from/cursor-rules.js";
import type { ImportFormat } from "./engine/transfer/import-from/import-formats.js";
import { mapLettaAgentFile } from "./engine/transfer/import-from/letta-agent-file.js";
import { mapMem0Export } from "./engine/transfer/import-from/mem0-export.js";
import {
  type ImportPlan,
  malformedInput,
  type SourceFile,
  withDistinctNames,
} from "./engine/transfer/import-from/planned-import.js";
import { mapProseFile } from "./engine/transfer/import-from/prose-sections.js";
import { MnemoError } from "./errors.js";

/**
 * The files of another tool's memory, read from where that tool keeps them, and mapped into one
 * plan by the format's pure mapper (src/engine/transfer/import-from/). Everything is read and
 * checked here, before the first save.
 */
export async function readImportPlan(format: ImportFormat, path: string): Promise<ImportPlan> {
  const absolute = resolve(path);
  const plans = await plansOf(format, absolute, await isFolder(absolute, format));
  const plan = { items: plans.flatMap((each) => each.items), skipped: plans.flatMap((each) => each.skipped) };
  return { items: withDistinctNames(plan.items), skipped: plan.skipped };
}

async function plansOf(format: ImportFormat, path: string, folder: boolean): Promise<ImportPlan[]> {
  if (format === "mem0" || format === "letta") {
    if (folder) throw notAFile(path, format === "mem0" ? "the mem0 export (.json)" : "the agent file (.af)");
    const file = await readSource(path);
    return [format === "mem0" ? mapMem0Export(file) : mapLettaAgentFile(file)];
  }
  if (format === "claude-code") {
    const folderPath = folder && (await isDirectory(join(path, "memory"))) ? join(path, "memory") : path;
    const paths = folder ? await filesIn(folderPath, (name) => name.endsWith(".md"), false) : [path];
    if (paths.length === 0)
      throw nothingToImport(folderPath, "Claude Code's memory folder (~/.claude/projects/<project>/memory)");
    return [mapClaudeCodeMemory(await Promise.all(paths.map(readSource)))];
  }
  if (format === "cursor") return cursorPlans(path, folder);
  const names =
    format === "claude-md" ? ["CLAUDE.md", join(".claude", "CLAUDE.md"), "CLAUDE.local.md"] : ["AGENTS.md"];
  const paths = folder ? await existing(names.map((name) => join(path, name))) : [path];
  if (paths.length === 0)
    throw nothingToImport(path, `a folder with ${names.join(" or ")}, or the file itself`);
  return Promise.all(paths.map(async (each) => mapProseFile(await readSource(each), proseOptions(each))));
}

/** `~/.claude/CLAUDE.md` holds a person's guidance for every project; other files, a project's. */
function proseOptions(path: string): Parameters<typeof mapProseFile>[1] {
  if (path === join(homedir(), ".claude", "CLAUDE.md"))
    return { label: "Claude Code (all projects)", type: "feedback" };
  return { label: `${projectOf(path)} ${basename(path)}`, type: "project" };
}

async function cursorPlans(path: string, folder: boolean): Promise<ImportPlan[]> {
  if (!folder) {
    const file = await readSource(path);
    const label = projectOf(path);
    return [
      path.endsWith(".mdc")
        ? mapCursorRule(file, label)
        : mapProseFile(file, { label: `${label} ${basename(path)}`, type: "project" }),
    ];
  }
  const nested = join(path, ".cursor", "rules");
  const rulesFolder = (await isDirectory(nested)) ? nested : path;
  const label = basename(rulesFolder) === "rules" ? basename(dirname(dirname(rulesFolder))) : basename(path);
  const rules = await filesIn(rulesFolder, (name) => name.endsWith(".mdc"), true);
  const legacy = await existing([join(path, ".cursorrules")]);
  if (rules.length === 0 && legacy.length === 0)
    throw nothingToImport(path, "a project folder with .cursor/rules/*.mdc or .cursorrules");
  return Promise.all([
    ...rules.map(async (rule) => mapCursorRule(await readSource(rule), label)),
    ...legacy.map(async (file) =>
      mapProseFile(await readSource(file), { label: `${label} .cursorrules`, type: "project" }),
    ),
  ]);
}

/** The project a file belongs to: its folder's name, or the parent's for a file in `.claude/` or `.cursor/rules/`. */
function projectOf(path: string): string {
  let folder = dirname(path);
  if (basename(folder) === "rules" && basename(dirname(folder)) === ".cursor")
    folder = dirname(dirname(folder));
  if (basename(folder) === ".claude") folder = dirname(folder);
  return basename(folder) || folder;
}

async function readSource(path: string): Promise<SourceFile> {
  const [bytes, info] = await Promise.all([readFile(path), stat(path)]);
  try {
    return { path, text: new TextDecoder("utf-8", { fatal: true }).decode(bytes), modifiedAt: info.mtime };
  } catch {
    throw malformedInput(path, undefined, "it is not valid UTF-8 text");
  }
}

/** Regular files (no links, no hidden files) whose name passes `wanted`, sorted. */
async function filesIn(
  folder: string,
  wanted: (name: string) => boolean,
  recursive: boolean,
): Promise<string[]> {
  const entries: Dirent[] = await readdir(folder, { withFileTypes: true, recursive });
  return entries
    .filter((entry) => entry.isFile() && !entry.name.startsWith(".") && wanted(entry.name))
    .map((entry) => join(entry.parentPath ?? folder, entry.name))
    .filter(
      (file) =>
        !file
          .slice(folder.length)
          .split(/[/\\]/)
          .some((part) => part.startsWith(".")),
    )
    .sort();
}

async function existing(paths: string[]): Promise<string[]> {
  const found = await Promise.all(
    paths.map(async (path) => ((await stat(path).catch(() => undefined))?.isFile() ? path : undefined)),
  );
  return found.filter((path): path is string => path !== undefined);
}

async function isDirectory(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined))?.isDirectory() === true;
}

async function isFolder(path: string, format: ImportFormat): Promise<boolean> {
  const info = await stat(path).catch(() => undefined);
  if (info === undefined)
    throw new MnemoError(
      "NOT_FOUND",
      `No file or folder at ${path}; give the path of the ${format} memory to import.`,
    );
  return info.isDirectory();
}

function notAFile(path: string, what: string): MnemoError {
  return new MnemoError("INVALID_INPUT", `${path} is a folder; give the path of ${what}.`);
}

function nothingToImport(path: string, what: string): MnemoError {
  return new MnemoError("NOT_FOUND", `Nothing to import in ${path}; give ${what}.`);
}
