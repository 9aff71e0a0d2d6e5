/**
 * Homes for the cold-path bench (cold-path.ts): memory files written straight into a folder, and
 * stand-in vectors put in the home's embedding cache so a 10,000-memory home gets its hybrid index
 * without an hour of embedding on a busy 2-core machine. Like seed-vectors.ts: a vector only needs
 * the model's id and size for a speed measurement; queries are still embedded live by the model.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createLocalEmbeddingModel } from "../../src/adapters/models/local/index.js";
import { SqliteSearchIndex } from "../../src/adapters/sqlite/sqlite-search-index.js";
import { textHash } from "../../src/engine/search/embed-chunks.js";
import { chunkHomeDocument } from "../../src/engine/search/home-chunks.js";
import { SEARCH_INDEX_FILE } from "../../src/rules/home-layout.js";
import { seededRandom } from "../../src/testing/seeded-random.js";
import { type Corpus, takeTexts } from "./longmemeval-corpus.js";
import { syntheticNote } from "./synthetic-memories.js";

/** The default local model, whose vectors the seeded cache stands in for. */
const LOCAL_MODEL = { id: createLocalEmbeddingModel("use-lite").id, dimensions: 512 };

export interface WrittenMemory {
  path: string;
  fileText: string;
}

/** Writes `count` typed memories (corpus texts when there is a corpus, synthetic notes otherwise). */
export function writeMemories(home: string, count: number, corpus: Corpus | undefined): WrittenMemory[] {
  const random = seededRandom(count);
  const texts = corpus ? takeTexts(corpus, count) : undefined;
  mkdirSync(join(home, "memories"), { recursive: true });
  const types = ["user", "feedback", "project", "reference"];
  return Array.from({ length: count }, (_, serial) => {
    const note = texts ? (texts[serial] as string) : syntheticNote(random, serial);
    const type = types[serial % types.length];
    const path = `memories/${type}_note-${serial}.md`;
    const description = JSON.stringify(note.slice(0, 60).replace(/\s+/g, " "));
    const fileText = `---\nname: Note ${serial}\ndescription: ${description}\ntype: ${type}\ncreated: 2026-01-01T00:00:00.000Z\nupdated: 2026-01-01T00:00:00.000Z\n---\n\n${note}\n`;
    writeFileSync(join(home, ...path.split("/")), fileText);
    return { path, fileText };
  });
}

/** Puts a seeded unit vector of the local model's size in the home's cache for every chunk. */
export async function seedStandInVectors(home: string, memories: WrittenMemory[]): Promise<void> {
  const index = new SqliteSearchIndex({ path: join(home, ...SEARCH_INDEX_FILE.split("/")) });
  await index.open();
  try {
    await index.resetVectors(LOCAL_MODEL);
    const random = seededRandom(7);
    const vectors = new Map<string, Float32Array>();
    for (const memory of memories) {
      for (const chunk of chunkHomeDocument(memory.path, memory.fileText))
        vectors.set(textHash(chunk.text), unitVector(random, LOCAL_MODEL.dimensions));
      if (vectors.size >= 2000) {
        await index.cacheEmbeddings(vectors);
        vectors.clear();
      }
    }
    await index.cacheEmbeddings(vectors);
  } finally {
    await index.close();
  }
}

function unitVector(random: () => number, dimensions: number): Float32Array {
  const vector = Float32Array.from({ length: dimensions }, () => random() * 2 - 1);
  const norm = Math.hypot(...vector);
  return vector.map((value) => value / norm);
}
