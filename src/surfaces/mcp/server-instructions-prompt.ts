/** Sent to MCP clients at initialization: what this server is and how to use it well. */
export const SERVER_INSTRUCTIONS_PROMPT =
  "mnemo is your long-term memory, kept as Markdown files in one folder. At session start, load the " +
  "session_context prompt (or read the mnemo://profile/* resources): it holds your identity, the user's " +
  "profile, your core notes and recent daily logs. Search with memory_search before answering from memory " +
  "and before saving; keep lasting facts with memory_add or memory_save, and correct them with " +
  "memory_replace, memory_remove or memory_delete. Read a saved memory whole with memory_get; memory_list " +
  "lists them newest first. Journal topics are read on demand with memory_read_topic, a page at a time, newest first.";
