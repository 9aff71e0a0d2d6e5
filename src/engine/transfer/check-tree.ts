import { MnemoError } from "../../errors.js";
import { classifyTreePath, outsideTree, type RefusedFile, type TreeFile } from "../../rules/tree-layout.js";
import { redactSecrets } from "../guard/scan-secrets.js";
import { guardSecrets, refuseSecretInName, type SecretMode } from "../guard/secret-guard.js";
import type { HomeContext } from "../home/home-context.js";
import { memoryNameKey } from "../memdir/memory-name.js";
import { checkTreeFile } from "./check-tree-file.js";

/**
 * A tree is checked file by file before anything is written: every path must be one of the tree's
 * (and appear once), every file must keep the rules of a save (check-tree-file.ts), a credential is
 * refused or redacted as on every other write path, and no two typed memories may have one name.
 * A file whose name holds a credential is refused (a name cannot be redacted), listed with the
 * secret redacted from its path. A file that fails is refused with the reason; the others are imported.
 */
export interface CheckedTree {
  /** The files to import, a credential replaced by `[REDACTED:<kind>]` where asked. */
  files: TreeFile[];
  /** The typed memories among them and their names. */
  memories: Array<{ path: string; name: string }>;
  refused: RefusedFile[];
  /** Files stored with a credential replaced by `[REDACTED:<kind>]`, one kind per secret. */
  redactedSecrets: Array<{ path: string; kinds: string[] }>;
}

export function checkTree(
  home: HomeContext,
  files: readonly TreeFile[],
  options: { secrets: SecretMode },
): CheckedTree {
  const checked: CheckedTree = { files: [], memories: [], refused: [], redactedSecrets: [] };
  const seenPaths = new Set<string>();
  const memoryPaths = new Map<string, string>();
  for (const file of files) {
    // Before any other check: every refusal below lists the path as it is.
    const namedAfterSecret = refusedForItsName(file.path);
    if (namedAfterSecret) {
      checked.refused.push(namedAfterSecret);
      continue;
    }
    const kind = classifyTreePath(file.path);
    if (kind.kind !== "tree") {
      checked.refused.push(outsideTree(file.path, kind.reason));
      continue;
    }
    if (seenPaths.has(file.path)) {
      checked.refused.push(
        refusal(file.path, "INVALID_INPUT", "the path is given twice; the first is imported"),
      );
      continue;
    }
    seenPaths.add(file.path);
    try {
      // The rules first: a file they refuse (a 30 MB topic) is not scanned for credentials too.
      let { memoryName } = checkTreeFile(home, file);
      const guarded = guardSecrets(file.text, { field: "the file", mode: options.secrets });
      if (guarded.text !== file.text)
        ({ memoryName } = checkTreeFile(home, { path: file.path, text: guarded.text }));
      if (memoryName !== undefined) {
        claimName(memoryPaths, memoryName, file.path);
        checked.memories.push({ path: file.path, name: memoryName });
      }
      if (guarded.redactedSecrets.length > 0)
        checked.redactedSecrets.push({ path: file.path, kinds: guarded.redactedSecrets });
      checked.files.push(guarded.text === file.text ? file : { path: file.path, text: guarded.text });
    } catch (error) {
      if (!MnemoError.isInstance(error)) throw error;
      checked.refused.push(refusal(file.path, error.code, error.message));
    }
  }
  return checked;
}

/** A second file holding a name the tree already brings is refused: a home has one memory per name. */
function claimName(memoryPaths: Map<string, string>, name: string, path: string): void {
  const key = memoryNameKey(name);
  const other = memoryPaths.get(key);
  if (other !== undefined)
    throw new MnemoError(
      "INVALID_INPUT",
      `memory "${name}" is also in ${other}, which is imported; a home holds one memory of a name, so keep one of the two files`,
    );
  memoryPaths.set(key, path);
}

function refusedForItsName(path: string): RefusedFile | undefined {
  try {
    refuseSecretInName(path, "the file's name");
    return undefined;
  } catch (error) {
    if (!MnemoError.isInstance(error)) throw error;
    return refusal(redactSecrets(path).text, error.code, error.message);
  }
}

function refusal(path: string, code: RefusedFile["code"], reason: string): RefusedFile {
  return { path, code, reason };
}
