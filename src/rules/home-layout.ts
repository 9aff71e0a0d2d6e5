/** Where each kind of memory lives inside the home (see docs/format.md). */
export const SOUL_PATH = "SOUL.md";
export const USER_PATH = "USER.md";
export const MEMORY_PATH = "MEMORY.md";
export const MEMORIES_DIR = "memories";
export const TOPICS_DIR = "topics";
export const DAILY_DIR = "daily";
/** One Markdown transcript per conversation session, searched message by message. */
export const CONVERSATIONS_DIR = "conversations";
export const ARCHIVE_DIR = "archive";
/** The derived search index of a file home, inside its derived-state folder. */
export const SEARCH_INDEX_FILE = ".index/search.sqlite";
/** One JSON record per agent session (engine/sessions/session-log.ts): a record, not memory. */
export const SESSIONS_DIR = ".sessions";
/** The markers of sessions still running (engine/sessions/open-sessions.ts). */
export const OPEN_SESSIONS_DIR = `${SESSIONS_DIR}/open`;
/** What the hooks of coding agents (`mnemo hook ...`) could not do: they never fail the agent, so they say it here. */
export const HOOKS_LOG_FILE = ".logs/hooks.log";
/** What `mnemo learn` run in the background (by a hook) says it did. */
export const LEARN_LOG_FILE = ".logs/learn.log";
/** Conversations whose session-end extraction failed, kept until a retry succeeds. */
export const PENDING_DIR = ".pending";
/** How far each transcript given to `mnemo learn` was learned, one JSON ledger per session. */
export const LEARNED_DIR = ".learned";

/** MEMORY.md sections that mnemo manages itself; everything else in MEMORY.md is the agent's notes. */
export const MEMORY_INDEX_SECTION = "Memories";
export const MEMORY_JOURNAL_SECTION = "Journal";
export const MANAGED_MEMORY_SECTIONS = [MEMORY_INDEX_SECTION, MEMORY_JOURNAL_SECTION];

export function topicPath(topic: string): string {
  return `${TOPICS_DIR}/${topic}.md`;
}

export function dailyPath(date: string): string {
  return `${DAILY_DIR}/${date}.md`;
}

export function archivePathFor(sourcePath: string): string {
  return `${ARCHIVE_DIR}/${sourcePath}`;
}
