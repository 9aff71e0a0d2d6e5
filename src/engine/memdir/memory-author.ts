/**
 * Who wrote a typed memory (issue 30, point 2): the agent (a program or a person's tool, such as
 * "claude-code" or "support-bot") and its run (a session, a job, a conversation), written as the
 * `agent` and `run` keys of the memory's frontmatter on every save, and read back by list and
 * recall, which can filter by them. Both are optional: a save by nobody named leaves them out.
 */
import { MnemoError } from "../../errors.js";
import { isAuthorName, MAX_AUTHOR_NAME_LENGTH } from "../../rules/author-name.js";

export { isAuthorName };

export interface MemoryAuthor {
  agent?: string;
  run?: string;
}

/** The frontmatter keys of an author, as a save writes them. */
export const AUTHOR_KEYS = ["agent", "run"] as const;

/**
 * The name of `field` ("agent", "run", or where it came from: "the Mnemo-Agent header"), checked;
 * throws INVALID_INPUT naming the field and what a name may hold.
 */
export function checkAuthorName(field: string, value: unknown): string {
  if (isAuthorName(value)) return value;
  throw new MnemoError(
    "INVALID_INPUT",
    `${field} ${JSON.stringify(value)} is not a valid name: use 1 to ${MAX_AUTHOR_NAME_LENGTH} letters, digits, spaces and . _ - : @ / +, starting with a letter or digit and not ending with a space (such as "claude-code" or "run-2026-11-29").`,
  );
}

/** An author with both names checked; absent names stay absent. */
export function checkAuthor(
  author: { agent?: unknown; run?: unknown },
  fields = AUTHOR_FIELDS,
): MemoryAuthor {
  const checked: MemoryAuthor = {};
  if (author.agent !== undefined) checked.agent = checkAuthorName(fields.agent, author.agent);
  if (author.run !== undefined) checked.run = checkAuthorName(fields.run, author.run);
  return checked;
}

const AUTHOR_FIELDS = { agent: "agent", run: "run" };

/** Whether a memory written by `written` matches a filter by agent and run (an absent filter matches all). */
export function matchesAuthor(written: MemoryAuthor, filter: MemoryAuthor): boolean {
  if (filter.agent !== undefined && written.agent !== filter.agent) return false;
  if (filter.run !== undefined && written.run !== filter.run) return false;
  return true;
}
