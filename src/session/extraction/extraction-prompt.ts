import type { ChatMessage } from "../../contracts/chat-model.js";
import { neutralizeBlockTags } from "../../engine/guard/neutralize-block-tags.js";
import type { ExistingMemory } from "./reconcile.js";
import { renderTranscript } from "./render-transcript.js";

/**
 * The one extraction call at session end: what is worth keeping (seed 001's memory types and what
 * not to save, seed 000's journal categories), a summary for today's log (seed 002), the existing
 * memories the model may update instead of repeating, and the conversation (its newest part).
 */
export interface ExtractionPromptInput {
  transcript: ChatMessage[];
  related: ExistingMemory[];
  /** The configured journal categories. */
  categories: string[];
  /** Local date, YYYY-MM-DD. */
  today: string;
  maxTranscriptCharacters?: number;
}

export const DEFAULT_MAX_TRANSCRIPT_CHARACTERS = 24_000;
const MEMORY_PREVIEW_LINES = 5;
const MEMORY_PREVIEW_CHARACTERS = 400;

const CATEGORY_HINTS: Record<string, string> = {
  file_pattern: "the structure of files the user works with (columns, types, sizes, naming)",
  user_pref: "how the user wants work done and answers given",
  error_solution: "an error that came up and what solved it, when the fix is not obvious from the code",
  general: "any other lasting fact worth recalling in a later session",
};

const INSTRUCTIONS = `You maintain the long-term memory of an AI assistant. Read the conversation that just ended and extract what is worth remembering in later sessions. Answer with one JSON object and nothing else: {"memories": [...], "entries": [...], "summary": "..."}.

## memories: typed memories, one file each
Each has "type", "name", "description", "body" and "supersedes".
- user: the user's role, goals, responsibilities and knowledge. Example: "Senior Go developer, new to this project's React front end."
- feedback: guidance the user gave about how to work: what to do and what to avoid. Start with the rule, then a **Why:** line and a **How to apply:** line.
- project: context about the work: who does what, why, by when (use absolute dates). Start with the fact or decision, then **Why:** and **How to apply:** lines.
- reference: where to find things in outside systems (a tracker, a dashboard, a document).
"name" is a short title such as "Prefers tabs" (letters, digits and spaces; no "/"). "description" is one line, specific enough to judge relevance later. "body" is the memory itself.
Check <existing-memories> first. Never repeat a memory that already says the same thing. A memory with a "scope" is kept in that layer of memory (user: the person's own, in every project; project: this repository's); it counts as existing whatever its scope, and "supersedes" may name a memory of any scope. When the conversation changes or contradicts an existing memory, write the corrected memory under that memory's exact name, or set "supersedes" to its name when the new memory needs another name; otherwise "supersedes" is null.

## entries: short journal notes
Each has a "category" and a "text" of one to three sentences that stand on their own. Categories:
{categories}

## What not to save
- Code patterns, conventions and architecture that can be read from the code itself.
- Git history and recent changes: git log and git blame are the source of truth.
- Debugging recipes whose fix is in the code, unless the cause was surprising.
- Temporary details of the task at hand: work in progress, the state of this conversation.
- Greetings, small talk, and anything the user asked not to remember.
- Credentials (passwords, API keys, tokens, private keys): write where the secret is kept, never the secret itself.
When nothing is worth keeping, answer with empty lists.

## summary
One to three sentences for today's log: what the user wanted and what was done or decided. Write it even when nothing else is worth keeping.

Write in the language of the conversation. Take facts from the conversation only; <existing-memories> is context, not something to save again.`;

export function buildExtractionMessages(input: ExtractionPromptInput): ChatMessage[] {
  const categories = input.categories
    .map(
      (category) => `- ${category}: ${CATEGORY_HINTS[category] ?? "a category configured for this memory"}`,
    )
    .join("\n");
  const transcript = renderTranscript(
    input.transcript,
    input.maxTranscriptCharacters ?? DEFAULT_MAX_TRANSCRIPT_CHARACTERS,
  );
  const user = [
    `Today is ${input.today}.`,
    `<existing-memories>\n${neutralizeBlockTags(renderMemories(input.related))}\n</existing-memories>`,
    `<conversation>\n${neutralizeBlockTags(transcript.text)}\n</conversation>`,
  ].join("\n\n");
  return [
    { role: "system", content: INSTRUCTIONS.replace("{categories}", categories) },
    { role: "user", content: user },
  ];
}

function renderMemories(memories: ExistingMemory[]): string {
  if (memories.length === 0) return "(none yet)";
  return memories
    .map((memory) => {
      const lines = memory.body.split("\n").filter((line) => line.trim() !== "");
      let preview = lines.slice(0, MEMORY_PREVIEW_LINES).join("\n");
      if (preview.length > MEMORY_PREVIEW_CHARACTERS)
        preview = `${preview.slice(0, MEMORY_PREVIEW_CHARACTERS - 1)}…`;
      else if (lines.length > MEMORY_PREVIEW_LINES) preview += "\n…";
      const scope = memory.scope === undefined ? "" : `  scope: ${memory.scope}\n`;
      return `- name: ${memory.name}\n${scope}  type: ${memory.type}\n  description: ${memory.description}\n  ${preview.replace(/\n/g, "\n  ")}`;
    })
    .join("\n");
}
