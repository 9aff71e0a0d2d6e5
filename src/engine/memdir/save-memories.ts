import { MnemoError } from "../../errors.js";
import { MEMORIES_DIR } from "../../rules/home-layout.js";
import type { HomeContext } from "../home/home-context.js";
import { type SavedMemory, type SaveMemoryInput, updateIndex, writeMemory } from "./memdir.js";
import { removeIndexLines, upsertIndexLines } from "./memory-index.js";
import { findNamedFilesIn, MemoryFolder } from "./memory-lookup.js";
import { type PreparedSave, prepareSave } from "./prepare-save.js";

/**
 * Many typed memories in one transaction (an import, a migration): every input is checked before
 * anything is written, the folder is listed once and MEMORY.md's index rewritten once, so the cost
 * grows with the batch, not with the batch times the home. The result is the same as saving them
 * one by one, in order: a later input with an earlier one's name updates it.
 */
export async function saveMemories(home: HomeContext, inputs: SaveMemoryInput[]): Promise<SavedMemory[]> {
  const prepared = prepareBatch(home, inputs);
  if (prepared.length === 0) return [];
  return home.store.transaction(async (writer) => {
    const folder = new MemoryFolder(await writer.list(MEMORIES_DIR));
    const saved: SavedMemory[] = [];
    const entries: Parameters<typeof upsertIndexLines>[1] = [];
    const replaced: string[] = [];
    for (const each of prepared) {
      const written = await writeMemory(
        home,
        writer,
        each,
        await findNamedFilesIn(writer, each.name, folder),
      );
      folder.add(written.saved.path);
      for (const other of written.retyped) folder.remove(other);
      replaced.push(...written.retyped);
      entries.push(written.entry);
      saved.push(written.saved);
    }
    // A memory the batch saved and then replaced under another type keeps no line.
    const current = entries.filter((entry) => folder.present.has(entry.path));
    await updateIndex(writer, (body) => upsertIndexLines(removeIndexLines(body, replaced), current));
    return saved;
  });
}

/** Every input of a batch checked before anything is written; a refused one names its place. */
export function prepareBatch(home: HomeContext, inputs: SaveMemoryInput[]): PreparedSave[] {
  return inputs.map((input, position) => prepareAt(home, input, { position, count: inputs.length }));
}

/** A refused input names its place in the batch, keeping the reason's code. */
function prepareAt(
  home: HomeContext,
  input: SaveMemoryInput,
  at: { position: number; count: number },
): PreparedSave {
  try {
    return prepareSave(home, input);
  } catch (error) {
    if (!MnemoError.isInstance(error)) throw error;
    throw new MnemoError(
      error.code,
      `Memory ${at.position + 1} of ${at.count}: ${error.message} Nothing was saved.`,
      {
        cause: error,
      },
    );
  }
}
