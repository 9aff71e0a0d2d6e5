import { MnemoError } from "../../errors.js";
import { guardSecrets, refuseSecretInName, type SecretMode } from "../guard/secret-guard.js";
import { MEMORIES_DIR } from "../home/layout.js";
import { parseMemoryFile } from "../memdir/memory-file.js";
import { classifyTreePath, outsideTreeError, type TreeFile } from "./tree-layout.js";

/**
 * A tree is checked whole before anything is written, so an import is all or nothing: every path
 * must be one of the tree's (and appear once), every typed memory must parse, and a credential is
 * refused or redacted as on every other write path; a file name holding one is refused (it cannot
 * be redacted). Errors name the file where a person finds it, except the one whose name is the secret.
 */
export interface CheckTreeOptions {
  secrets: SecretMode;
  /** Where a person finds a file of the tree (the folder being imported). */
  locate: (path: string) => string;
}

export interface CheckedTree {
  files: TreeFile[];
  /** Files stored with a credential replaced by `[REDACTED:<kind>]`, one kind per secret. */
  redactedSecrets: Array<{ path: string; kinds: string[] }>;
}

export function checkTree(files: readonly TreeFile[], options: CheckTreeOptions): CheckedTree {
  const seen = new Set<string>();
  const checked: TreeFile[] = [];
  const redactedSecrets: CheckedTree["redactedSecrets"] = [];
  for (const file of files) {
    checkPath(file.path, seen, options);
    refuseSecretInName(
      file.path,
      `the name of a file in ${options.locate(file.path.replace(/\/?[^/]*$/, ""))}`,
    );
    checkMemoryFile(file, options);
    const guarded = guardSecrets(file.text, { field: options.locate(file.path), mode: options.secrets });
    if (guarded.redactedSecrets.length > 0)
      redactedSecrets.push({ path: file.path, kinds: guarded.redactedSecrets });
    checked.push(guarded.text === file.text ? file : { path: file.path, text: guarded.text });
  }
  return { files: checked, redactedSecrets };
}

function checkPath(path: string, seen: Set<string>, options: CheckTreeOptions): void {
  const kind = classifyTreePath(path);
  if (kind.kind !== "tree") {
    const reason = kind.kind === "outside" ? kind.reason : "config.json is not imported";
    throw outsideTreeError(options.locate(path), reason);
  }
  if (seen.has(path))
    throw new MnemoError("INVALID_INPUT", `${options.locate(path)} is given twice; nothing was imported.`);
  seen.add(path);
}

function checkMemoryFile(file: TreeFile, options: CheckTreeOptions): void {
  if (!file.path.startsWith(`${MEMORIES_DIR}/`)) return;
  const parsed = parseMemoryFile(file.path, file.text);
  if (parsed.ok) return;
  throw new MnemoError(
    "MALFORMED_FILE",
    `${options.locate(file.path)} line ${parsed.line}: ${parsed.problem}. Fix the file, then import again; nothing was imported.`,
  );
}
