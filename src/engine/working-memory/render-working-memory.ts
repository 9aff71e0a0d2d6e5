import { neutralizeBlockTags } from "../guard/neutralize-block-tags.js";
import { characterCount } from "../markdown/lines.js";
import { renderMetadata } from "./chunk-metadata.js";
import type { ContentChunk } from "./content-chunks.js";
import { singleLine, truncateText } from "./truncate-text.js";

/** What the rendering shows: the documents whose TOC is cached, the chunks in order, known chapters, the query. */
export interface WorkingMemoryView {
  tocDocuments: readonly string[];
  chunks: readonly ContentChunk[];
  knownChapters?: readonly string[];
  currentQuery?: string;
}

export interface RenderWorkingMemoryOptions {
  /** The whole rendering is at most this many characters (Unicode code points). */
  maxCharacters: number;
  /** The tool the "already cached" block tells the model not to call again. */
  tocToolName: string;
}

const TOC_HEADING = "# Already cached tables of contents";
const RETRIEVED_HEADING = "# Relevant information already retrieved";
const BLOCK_SEPARATOR = "\n\n";
/** A chunk is shown only with room for at least this much of its text (or all of it, if shorter). */
const MIN_SHOWN_CHARACTERS = 40;
/** The current query and a chunk's metadata are cut to this many characters. */
const MAX_QUERY_CHARACTERS = 300;
const MAX_METADATA_CHARACTERS = 200;

/**
 * Seed 003's two system-prompt blocks, in English: the "already cached" hint (get_toc_cache_hint, with
 * the known chapters) and the "already retrieved" chunks (get_memory_context: the current query, then
 * each chunk's source, metadata and text), separated by a blank line; "" when there is nothing to show. Pure and deterministic: the same view gives the same bytes. Bounded: the TOC block
 * takes at most half the budget when chunks follow, and the chunks share the rest evenly (a short one
 * leaves its unused share to the others); text that does not fit is cut with a marker, and the
 * lowest-ranked chunks are left out when not even their headings fit. Tool results cannot open or
 * close the prompt's blocks (neutralizeBlockTags).
 */
export function renderWorkingMemory(view: WorkingMemoryView, options: RenderWorkingMemoryOptions): string {
  const { maxCharacters } = options;
  const tocBudget = view.chunks.length > 0 ? Math.floor(maxCharacters / 2) : maxCharacters;
  const toc = tocBlock(view.tocDocuments, view.knownChapters ?? [], options.tocToolName, tocBudget);
  const used = toc === "" ? 0 : characterCount(toc) + BLOCK_SEPARATOR.length;
  const retrieved = retrievedBlock(view.chunks, view.currentQuery, maxCharacters - used);
  return [toc, retrieved].filter((block) => block !== "").join(BLOCK_SEPARATOR);
}

/** The cached TOCs and the advice not to fetch them again, with the known chapters between them. */
function tocBlock(
  documents: readonly string[],
  chapters: readonly string[],
  tocToolName: string,
  budget: number,
): string {
  if (documents.length === 0 && chapters.length === 0) return "";
  const advice =
    documents.length === 0 ? [] : [`No need to call ${singleLine(tocToolName)}() again for these documents.`];
  const fixed =
    characterCount(TOC_HEADING) + 1 + advice.reduce((sum, line) => sum + characterCount(line) + 1, 0);
  const lines = [
    ...(documents.length === 0
      ? []
      : [`Tables of contents already retrieved for: ${listed(documents, ", ")}`]),
    ...(chapters.length === 0 ? [] : [`Known chapters: ${listed(chapters, "; ")}`]),
  ];
  const body = truncateText(lines.join("\n"), budget - fixed);
  return body === "" ? "" : [TOC_HEADING, body, ...advice].join("\n");
}

function listed(items: readonly string[], separator: string): string {
  return items.map((item) => neutralizeBlockTags(singleLine(item))).join(separator);
}

function retrievedBlock(chunks: readonly ContentChunk[], query: string | undefined, budget: number): string {
  const heading = query === undefined ? RETRIEVED_HEADING : `${RETRIEVED_HEADING}\n${queryLine(query)}`;
  const headings = chunks.map((chunk, index) => chunkHeading(chunk, index));
  const contents = chunks.map((chunk) => neutralizeBlockTags(chunk.content));
  const lengths = contents.map(characterCount);
  let shown = chunks.length;
  const cost = (count: number) => fixedCost(heading, headings, count);
  while (shown > 0 && cost(shown) + minimumText(lengths, shown) > budget) shown--;
  if (shown === 0) return "";
  const shares = shareOut(lengths.slice(0, shown), budget - cost(shown));
  const entries = chunks
    .slice(0, shown)
    .map((_, index) => `${headings[index]}\n${truncateText(contents[index] ?? "", shares[index] ?? 0)}`);
  return `${heading}\n${entries.join(BLOCK_SEPARATOR)}`;
}

function queryLine(query: string): string {
  return `For the current query: ${truncateText(neutralizeBlockTags(singleLine(query)), MAX_QUERY_CHARACTERS)}`;
}

/** "## [1] angui_2024 P85 (chapter: 3 Cables, table: 3-1)". */
function chunkHeading(chunk: ContentChunk, index: number): string {
  const metadata = truncateText(singleLine(renderMetadata(chunk.metadata)), MAX_METADATA_CHARACTERS);
  const label = metadata === "" ? chunk.source : `${chunk.source} (${metadata})`;
  return `## [${index + 1}] ${neutralizeBlockTags(label)}`;
}

/** Characters of the block without the chunks' text: headings, line breaks and blank lines. */
function fixedCost(heading: string, headings: readonly string[], shown: number): number {
  const headingCharacters = headings.slice(0, shown).reduce((sum, line) => sum + characterCount(line), 0);
  return characterCount(heading) + 1 + headingCharacters + shown + 2 * (shown - 1);
}

function minimumText(lengths: readonly number[], shown: number): number {
  return lengths.slice(0, shown).reduce((sum, length) => sum + Math.min(length, MIN_SHOWN_CHARACTERS), 0);
}

/** Splits `total` among texts of the given lengths: evenly, a shorter text giving what it leaves over. */
function shareOut(lengths: readonly number[], total: number): number[] {
  const shares = lengths.map(() => 0);
  const shortestFirst = lengths
    .map((_, index) => index)
    .sort((a, b) => (lengths[a] ?? 0) - (lengths[b] ?? 0));
  let remaining = total;
  shortestFirst.forEach((index, position) => {
    const share = Math.min(lengths[index] ?? 0, Math.floor(remaining / (shortestFirst.length - position)));
    shares[index] = share;
    remaining -= share;
  });
  return shares;
}
