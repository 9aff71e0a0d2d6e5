/**
 * A typed-memory save with consolidation (issue 30, point 3): the memories the new one may
 * duplicate, refine or contradict are read, a decision is made (by the rules, or by the chat model
 * with the rules as fallback), and the save does what it says: nothing (`unchanged`), writes the new
 * text into the older memory, archiving its version (`updated`), or adds the memory, naming possible
 * conflicts. The model is asked before the home's lock is taken; under the lock its answer is used
 * only if the memories it saw are still as they were.
 */

import type { ChatModel } from "../../contracts/chat-model.js";
import type { DocumentReader, DocumentWriter } from "../../contracts/document-store.js";
import { MEMORY_PATH } from "../../rules/home-layout.js";
import type { HomeContext } from "../home/home-context.js";
import { savePrepared, updateIndex } from "../memdir/memdir.js";
import { parseMemoryFile } from "../memdir/memory-file.js";
import { removeIndexLines, upsertIndexLine } from "../memdir/memory-index.js";
import { findSlugFiles, type NamedFiles } from "../memdir/memory-lookup.js";
import { type PreparedSave, prepareSave } from "../memdir/prepare-save.js";
import { replaceableMemories } from "../memdir/replaceable-memories.js";
import type { SavedMemory, SaveMemoryInput } from "../memdir/save-types.js";
import { applyDecision } from "./apply-decision.js";
import type { CandidateIndex } from "./candidate-index.js";
import { askModelToConsolidate, type ModelConsolidation } from "./consolidation-model.js";
import { type ConsolidationDecision, decideByRules, type ExistingMemory } from "./consolidation-rules.js";
import { candidateIndexFor } from "./memory-index-lines.js";

export interface ConsolidationParts {
  /** Makes the chat model of `llm`, for consolidation.decider "llm". */
  loadChatModel?: () => Promise<ChatModel>;
}

export async function saveConsolidated(
  home: HomeContext,
  input: SaveMemoryInput,
  parts: ConsolidationParts = {},
): Promise<SavedMemory> {
  const prepared = prepareSave(home, input);
  const settings = home.config.consolidation;
  if (!(input.consolidate ?? settings.enabled)) return savePrepared(home, prepared);
  const asked = settings.decider === "llm" ? await askModel(home, prepared, parts) : undefined;
  return home.store.transaction(async (storeWriter) => {
    const writer = memoryTextReadOnce(storeWriter);
    const named = await findSlugFiles(writer, prepared.name);
    const existing = replaceableMemories(
      await readExisting(writer, prepared, named, { limit: settings.candidates, owner: home.store }),
      home,
    );
    const fromModel = asked && "decision" in asked.answer && unchanged(asked.shown, existing);
    const decision =
      fromModel && "decision" in asked.answer ? asked.answer.decision : decideByRules(prepared, existing);
    const warning =
      asked === undefined || fromModel
        ? undefined
        : "warning" in asked.answer
          ? asked.answer.warning
          : "the memories changed while the model decided; the rules decided";
    const saved = await apply(home, writer, prepared, named, decision);
    return {
      ...saved,
      decidedBy: fromModel ? "model" : "rules",
      ...(warning === undefined ? {} : { warning }),
    };
  });
}

async function askModel(
  home: HomeContext,
  prepared: PreparedSave,
  parts: ConsolidationParts,
): Promise<{ shown: ExistingMemory[]; answer: ModelConsolidation } | undefined> {
  const named = await findSlugFiles(home.store, prepared.name);
  // A save under an existing memory's name is an edit of it: the rules say so, no call is made.
  if (named.holding.length > 0) return undefined;
  const shown = replaceableMemories(
    await readExisting(home.store, prepared, named, {
      limit: home.config.consolidation.candidates,
      owner: home.store,
    }),
    home,
  );
  // Nothing to compare with: the memory is added, and no call is made.
  if (shown.length === 0) return undefined;
  const loadModel =
    parts.loadChatModel ?? (() => Promise.reject(new Error("this home was opened without one")));
  const answer = await askModelToConsolidate(prepared, shown, {
    loadModel,
    timeoutMs: home.config.consolidation.timeoutMs,
    temperature: home.config.llm.temperature,
  });
  return { shown, answer };
}

/**
 * The lines a save's candidates are chosen among: MEMORY.md's, through the index kept for `owner`'s
 * next save (a home's store), or an index of the caller's.
 */
type CandidateSource = { owner: object } | { index: CandidateIndex };

/** The memories a save is compared with: those whose index line shares its rarer words, and its name's. */
export async function readExisting(
  reader: DocumentReader,
  prepared: PreparedSave,
  named: NamedFiles,
  choice: { limit: number } & CandidateSource,
): Promise<ExistingMemory[]> {
  const index =
    "index" in choice
      ? choice.index
      : // Stryker disable next-line StringLiteral: equivalent, any text of no index line stands for a missing MEMORY.md
        candidateIndexFor(choice.owner, (await reader.read(MEMORY_PATH)) ?? "");
  const paths = [...new Set([...named.holding, ...index.choose(prepared, choice.limit)])];
  const texts = await Promise.all(paths.map((path) => reader.read(path)));
  return paths.flatMap((path, index) => {
    const text = texts[index];
    const parsed = text === undefined ? undefined : parseMemoryFile(path, text);
    if (!parsed?.ok) return [];
    const { name, type, description, agent } = parsed.header;
    return [{ path, name, type, description, body: parsed.body.trim(), ...(agent && { agent }) }];
  });
}

/**
 * The transaction's writer, reading MEMORY.md once: choosing candidates and updating the index
 * both read it, and in a home of 2,000 memories that read was most of consolidation's cost
 * (about 9 of 17 ms of CPU a save, bench/consolidation/save-cpu.ts). The lock is held, so only
 * this writer changes it.
 */
function memoryTextReadOnce(writer: DocumentWriter): DocumentWriter {
  let memoryText: Promise<string | undefined> | undefined;
  return {
    read: (path) => {
      if (path !== MEMORY_PATH) return writer.read(path);
      memoryText ??= writer.read(path);
      return memoryText;
    },
    readHead: (path, maxBytes) => writer.readHead(path, maxBytes),
    list: (directory, options) => writer.list(directory, options),
    folderStamp: (directory) => writer.folderStamp(directory),
    write: async (path, content) => {
      if (path === MEMORY_PATH) memoryText = undefined;
      await writer.write(path, content);
    },
    remove: async (path) => {
      if (path === MEMORY_PATH) memoryText = undefined;
      return writer.remove(path);
    },
  };
}

/** The memories the model saw are those read under the lock, with the same text. */
function unchanged(shown: readonly ExistingMemory[], current: readonly ExistingMemory[]): boolean {
  const now = new Map(current.map((memory) => [memory.path, memory]));
  return shown.every((memory) => {
    const found = now.get(memory.path);
    return found !== undefined && found.body === memory.body && found.name === memory.name;
  });
}

async function apply(
  home: HomeContext,
  writer: DocumentWriter,
  prepared: PreparedSave,
  named: NamedFiles,
  decision: ConsolidationDecision,
): Promise<SavedMemory> {
  const applied = await applyDecision(home, writer, {
    prepared,
    named,
    decision,
    namedFiles: (name) => findSlugFiles(writer, name),
  });
  const { entry } = applied;
  if (entry !== undefined)
    await updateIndex(writer, (body) => upsertIndexLine(removeIndexLines(body, applied.retyped), entry));
  return applied.saved;
}
