/** What an agent is told about its memory tools (CLAUDE.md, AGENTS.md, a Cursor rule). */

export function memoryInstructions(options: { hooks: boolean }): string {
  const start = options.hooks
    ? "- What memory holds about the user and this work is given at the start of the session, and memories relevant to a prompt are added to it."
    : "- At the start of a task, search memory (`memory_search`) for what the task is about; what it finds may be outdated, so verify it.";
  return [
    "## Memory (mnemo)",
    "",
    "You have a long-term memory that lasts across sessions: the `mnemo` MCP server, whose tools are named `memory_*`.",
    start,
    "- Before answering about past work, preferences or decisions, search with `memory_search`; read a memory whole with `memory_get`.",
    "- When you learn something worth keeping (who the user is, how they want you to work, project decisions and facts, where things are), save it with `memory_save` (type user, feedback, project or reference).",
    "- Do not save secrets, or what the code and the git history already say.",
  ].join("\n");
}
