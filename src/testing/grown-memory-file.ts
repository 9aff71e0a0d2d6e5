/**
 * MEMORY.md as it reads after a long time, written in one go for tests of the session context: an
 * index of `memories` typed memories (newest first) and `entries` general journal entries. Only
 * MEMORY.md is written; the context reads nothing else of them.
 */
export function grownMemoryFile(options: { memories: number; entries: number; notes?: string }): string {
  const index = Array.from({ length: options.memories }, (_, offset) => {
    const number = options.memories - 1 - offset;
    return `- [Project fact ${number}](memories/project_project-fact-${number}.md) — about fact ${number} of the project, described at some length`;
  });
  const journal = Array.from(
    { length: options.entries },
    (_, number) =>
      `### [2026-03-01 10:00] general\n\nGeneral journal note number ${number}: something worth remembering.\n\n---\n`,
  );
  const notes = options.notes === undefined ? "" : `${options.notes}\n\n`;
  return `# Memory\n\n${notes}## Memories\n${index.join("\n")}\n\n## Journal\n\n${journal.join("\n")}`;
}
