import type { HomeContext } from "../home/home-context.js";
import { DAILY_DIR, MEMORIES_DIR, MEMORY_PATH, SOUL_PATH, TOPICS_DIR, USER_PATH } from "../home/layout.js";

/** Every Markdown file whose text reaches a prompt: the profile files, typed memories, topics, daily logs. */
export async function memoryTextFiles(home: HomeContext): Promise<Array<{ path: string; text: string }>> {
  const listed = await Promise.all(
    [MEMORIES_DIR, TOPICS_DIR, DAILY_DIR].map((directory) => home.store.list(directory)),
  );
  const paths = [SOUL_PATH, USER_PATH, MEMORY_PATH, ...listed.flat().map((document) => document.path)];
  const files: Array<{ path: string; text: string }> = [];
  for (const path of paths.filter((each) => each.endsWith(".md"))) {
    const text = await home.store.read(path);
    if (text !== undefined) files.push({ path, text });
  }
  return files;
}
