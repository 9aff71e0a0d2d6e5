/**
 * The name of an agent or run (issue 30, point 2), as a memory's frontmatter, a Mnemo-Agent header
 * and a token's rights.agents hold it: one pattern, so a token can name every agent a save records.
 */

export const MAX_AUTHOR_NAME_LENGTH = 100;
const AUTHOR_NAME = /^[A-Za-z0-9](?:[A-Za-z0-9 ._:@/+-]*[A-Za-z0-9._:@/+-])?$/;

/** True for a name an agent or run may have: letters, digits, spaces and . _ - : @ / +, at most 100 characters. */
export function isAuthorName(value: unknown): value is string {
  return typeof value === "string" && value.length <= MAX_AUTHOR_NAME_LENGTH && AUTHOR_NAME.test(value);
}
