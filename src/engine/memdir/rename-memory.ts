/**
 * Renaming a typed memory: a new name, a new type, or both, and still the same memory. Its file
 * moves to the one the new name and type take; the frontmatter stays (created, description, keys
 * mnemo does not know, comments) with name, type and updated set; MEMORY.md's index line follows.
 * Nothing goes to the archive: no text is replaced.
 */
import { MnemoError } from "../../errors.js";
import { guardSecrets, secretMode } from "../guard/secret-guard.js";
import type { HomeContext } from "../home/home-context.js";
import { updateIndex } from "./memdir.js";
import { formatMemoryFile, parseMemoryFile } from "./memory-file.js";
import { formatIndexLine, removeIndexLines, upsertIndexLine } from "./memory-index.js";
import { chooseMemoryPath, findSlugFiles, resolveMemoryPath } from "./memory-lookup.js";
import { validateMemoryName } from "./memory-name.js";
import { type MemoryType, parseMemoryType } from "./memory-types.js";

export interface MemoryRename {
  /** The new name; default: the memory keeps its name. */
  name?: string;
  /** The new type; default: the memory keeps its type. */
  type?: MemoryType;
}

export interface RenamedMemory {
  /** The file the memory was in. */
  from: string;
  path: string;
  name: string;
  type: MemoryType;
  indexLine: string;
}

/** Renames the memory NAME (its name, file name or path); refused when the new name is another memory's. */
export async function renameMemory(
  home: HomeContext,
  name: string,
  to: MemoryRename,
): Promise<RenamedMemory> {
  const newName = to.name === undefined ? undefined : guardedName(home, to.name);
  const newType = to.type === undefined ? undefined : parseMemoryType(String(to.type));
  return home.store.transaction(async (writer) => {
    const from = await resolveMemoryPath(writer, name);
    const parsed = parseMemoryFile(from, (await writer.read(from)) ?? "");
    if (!parsed.ok)
      throw new MnemoError(
        "MALFORMED_FILE",
        `${home.store.locate(from)} line ${parsed.line}: ${parsed.problem}. Fix the file by hand, or run mnemo doctor.`,
      );
    const { header } = parsed;
    const fields = {
      name: newName ?? header.name,
      type: newType ?? header.type,
      description: header.description,
    };
    const named = await findSlugFiles(writer, fields.name);
    const other = named.holding.find((path) => path !== from);
    if (other !== undefined)
      throw new MnemoError(
        "INVALID_INPUT",
        `Cannot rename "${header.name}" to "${fields.name}": ${other} is already the memory "${fields.name}". Delete or rename that one first.`,
      );
    // The memory's own file is free for it: a new type or a change of case may keep the file name.
    const present = new Set([...named.present].filter((path) => path !== from));
    const path = chooseMemoryPath({ ...named, holding: [], present }, fields.type, fields.name);
    const now = home.now();
    await writer.write(
      path,
      formatMemoryFile({ previous: parsed.frontmatter, fields, body: parsed.body, now }),
    );
    if (path !== from) await writer.remove(from);
    const entry = { title: fields.name, path, summary: fields.description };
    await updateIndex(writer, (body) => upsertIndexLine(removeIndexLines(body, [from]), entry));
    return { from, path, name: fields.name, type: fields.type, indexLine: formatIndexLine(entry) };
  });
}

/** The new name under the rules of a save: valid, and a credential in it refused or redacted. */
function guardedName(home: HomeContext, name: string): string {
  const mode = secretMode(home.config.secrets, undefined);
  return validateMemoryName(guardSecrets(name, { field: "the memory's new name", mode }).text);
}
