/**
 * A Letta agent file (`.af`, JSON): its memory blocks, `{ label, value, limit, description?,
 * created_at?, updated_at? }`, under `core_memory` (agent files of Letta's first schema) or
 * `blocks` (the newer schema, beside `agents`). Letta keeps these blocks in the agent's context at
 * every step, as mnemo does its profile files: the `human` block becomes a USER.md section and the
 * `persona` block a SOUL.md section, named after the agent. Every other block becomes a project
 * memory named "<agent> <label>". A block too long for its profile file's budget is saved as a
 * typed memory instead. Memories hold from the block's `updated_at` (else `created_at`, else the
 * file's time); the source is `<file>#<label>`.
 */
import { z } from "zod";
import type { ProfileFile } from "../../profile/profile-files.js";
import { parseJsonFile, zodPlace, zodProblem } from "./json-input.js";
import {
  firstLineOf,
  type ImportPlan,
  isoDate,
  malformedInput,
  memoryNameFrom,
  type PlannedItem,
  type PlannedMemory,
  type SkippedItem,
  type SourceFile,
} from "./planned-import.js";

const optionalText = z.string().nullish();

const block = z.looseObject({
  label: z.string().min(1),
  value: z.string(),
  description: optionalText,
  created_at: optionalText,
  updated_at: optionalText,
});

const agentFile = z.looseObject({
  name: optionalText,
  core_memory: z.array(z.unknown()).optional(),
  blocks: z.array(z.unknown()).optional(),
  agents: z.array(z.looseObject({ name: optionalText })).optional(),
});

/** Letta's standard blocks and the profile file each belongs in. */
const PROFILE_BLOCKS: Record<string, { file: Exclude<ProfileFile, "daily">; type: PlannedMemory["type"] }> = {
  human: { file: "user", type: "user" },
  persona: { file: "soul", type: "feedback" },
};

export function mapLettaAgentFile(file: SourceFile): ImportPlan {
  const parsed = agentFile.safeParse(parseJsonFile(file));
  if (!parsed.success)
    throw malformedInput(file.path, zodPlace("the agent", parsed.error), zodProblem(parsed.error));
  const { core_memory, blocks } = parsed.data;
  const field = core_memory ? "core_memory" : "blocks";
  const rawBlocks = core_memory ?? blocks;
  if (rawBlocks === undefined)
    throw malformedInput(
      file.path,
      undefined,
      'it has no memory blocks ("core_memory" or "blocks"); is it a Letta agent file (.af)?',
    );
  const agent = parsed.data.name ?? parsed.data.agents?.[0]?.name ?? "Letta agent";
  const items: PlannedItem[] = [];
  const skipped: SkippedItem[] = [];
  rawBlocks.forEach((raw, index) => {
    const place = `${field}[${index}]`;
    const checked = block.safeParse(raw);
    if (!checked.success)
      throw malformedInput(file.path, zodPlace(place, checked.error), zodProblem(checked.error));
    const { label, value, description, created_at, updated_at } = checked.data;
    const source = `${file.path}#${label}`;
    const content = value.trim();
    if (content === "") {
      skipped.push({ source, reason: "the block is empty" });
      return;
    }
    const dated = updated_at ?? created_at;
    const date =
      dated === undefined || dated === null
        ? file.modifiedAt.toISOString()
        : isoDate(
            dated,
            file.path,
            `${place} ("label": ${JSON.stringify(label)}), field "${updated_at ? "updated_at" : "created_at"}"`,
          );
    const profile = PROFILE_BLOCKS[label.toLowerCase()];
    const memory: PlannedMemory = {
      kind: "memory",
      type: profile?.type ?? "project",
      name: memoryNameFrom(`${agent} ${label}`),
      description: description?.trim() || firstLineOf(content),
      content,
      date,
      source,
    };
    if (profile === undefined) items.push(memory);
    else
      items.push({
        kind: "section",
        file: profile.file,
        section: memoryNameFrom(`${capitalized(label)} (Letta agent ${agent})`),
        // A "## " line would start another section of the profile file: kept one level down.
        text: content.replace(/^##(?=[ \t])/gm, "###"),
        source,
        fallback: memory,
      });
  });
  return { items, skipped };
}

function capitalized(label: string): string {
  return label.charAt(0).toUpperCase() + label.slice(1);
}
