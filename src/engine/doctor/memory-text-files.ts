import {
  DAILY_DIR,
  MEMORIES_DIR,
  MEMORY_PATH,
  SOUL_PATH,
  TOPICS_DIR,
  USER_PATH,
} from "../../rules/home-layout.js";
import type { HomeContext } from "../home/home-context.js";
import { readMany } from "../home/read-many.js";

export interface MemoryTextFile {
  path: string;
  text: string;
}

/**
 * Every Markdown file whose text reaches a prompt: the profile files, typed memories, topics, daily
 * logs; read many at once (one at a time, 20,000 memories waited on the disk 20,000 times in a row).
 */
export async function memoryTextFiles(home: HomeContext): Promise<MemoryTextFile[]> {
  const listed = await Promise.all(
    [MEMORIES_DIR, TOPICS_DIR, DAILY_DIR].map((directory) => home.store.list(directory)),
  );
  const paths = [SOUL_PATH, USER_PATH, MEMORY_PATH, ...listed.flat().map((document) => document.path)];
  const markdown = paths.filter((each) => each.endsWith(".md"));
  const texts = await readMany(home.store, markdown);
  return markdown.flatMap((path) => {
    const text = texts.get(path);
    return text === undefined ? [] : [{ path, text }];
  });
}
