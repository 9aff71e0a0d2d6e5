import type { ContextSnapshot } from "../context/render-context.js";
import { neutralizeBlockTags } from "../guard/neutralize-block-tags.js";
import type { Scope } from "./scope-names.js";

/**
 * Seed 002's tagged blocks for each layer of a stack, nearest first, each tag labelled with its
 * scope (`<user-profile scope="project">`), then the memory instructions and the base prompt. Pure.
 */
const BLOCKS: Array<[tag: string, part: keyof ContextSnapshot]> = [
  ["agent-identity", "soul"],
  ["user-profile", "user"],
  ["agent-notes", "notes"],
  ["recent-activity", "recent"],
];

export function renderScopedContext(
  layers: ReadonlyArray<{ scope: Scope; snapshot: ContextSnapshot }>,
  options: { basePrompt: string; instructions: string },
): string {
  const blocks = renderScopedBlocks(layers);
  if (blocks === "") return options.basePrompt;
  const parts = [blocks, options.instructions.trim(), options.basePrompt.trim()].filter(
    (part) => part !== "",
  );
  return `${parts.join("\n\n")}\n`;
}

/** The layers' tagged blocks alone: what the context budget counts. */
export function renderScopedBlocks(
  layers: ReadonlyArray<{ scope: Scope; snapshot: ContextSnapshot }>,
): string {
  return layers
    .flatMap(({ scope, snapshot }) => BLOCKS.map(([tag, part]) => tagged(tag, scope, snapshot[part])))
    .filter((block) => block !== undefined)
    .join("\n\n");
}

/**
 * Tokens a layer's labels and its separation from the layer before may add to what fitContext
 * counted for its blocks: the scope attribute on each of its four tags, and one blank line.
 */
export function labelOverheadTokens(scope: Scope): number {
  return Math.ceil((BLOCKS.length * scopeAttribute(scope).length + 2) / 4);
}

function scopeAttribute(scope: Scope): string {
  return ` scope="${scope}"`;
}

/** The content is neutralised: text from memory can neither close this block nor open another. */
function tagged(tag: string, scope: Scope, content: string): string | undefined {
  const trimmed = neutralizeBlockTags(content.trim());
  return trimmed === "" ? undefined : `<${tag}${scopeAttribute(scope)}>\n${trimmed}\n</${tag}>`;
}
