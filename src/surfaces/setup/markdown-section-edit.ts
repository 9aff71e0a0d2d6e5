/**
 * mnemo's section of a Markdown file the agent reads (CLAUDE.md, AGENTS.md), between two comment
 * lines; the rest of the file keeps its bytes, and a file setup made goes again with --remove.
 */
import type { FileEdit } from "./file-edit.js";
import { type BlockMarkers, withBlock, withoutBlock } from "./marked-block.js";

export const MARKDOWN_MARKERS: BlockMarkers = { begin: "<!-- mnemo:begin", end: "<!-- mnemo:end -->" };

export function markdownSectionEdit(path: string, agent: string, body: string): FileEdit {
  const block = [
    `${MARKDOWN_MARKERS.begin} (written by mnemo setup ${agent}; mnemo setup ${agent} --remove takes it out) -->`,
    body,
    MARKDOWN_MARKERS.end,
  ].join("\n");
  return {
    path,
    add: (current) => withBlock(current, block, MARKDOWN_MARKERS),
    remove: (current) => (current === undefined ? undefined : withoutBlock(current, MARKDOWN_MARKERS)),
  };
}
