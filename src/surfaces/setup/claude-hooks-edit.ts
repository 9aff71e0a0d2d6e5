/**
 * mnemo's hooks in a Claude Code settings.json: SessionStart and UserPromptSubmit put memory into
 * the conversation, PreCompact and SessionEnd hand the transcript to `mnemo learn`. A hook is
 * mnemo's when its command runs mnemo's hook words; every other hook, matcher and key keeps its
 * bytes, and a second setup changes nothing.
 */
import { getNodeValue } from "jsonc-parser";
import { MnemoError } from "../../errors.js";
import type { FileEdit } from "./file-edit.js";
import {
  addProperty,
  appendElement,
  newJsonDocument,
  nodeAt,
  parseJsonObject,
  removeMember,
} from "./json-text-edit.js";

/** Each hook event mnemo answers, and the mnemo words its command runs. */
export const CLAUDE_HOOKS = {
  SessionStart: ["hook", "session-start"],
  UserPromptSubmit: ["hook", "user-prompt-submit"],
  PreCompact: ["learn", "--hook"],
  SessionEnd: ["learn", "--hook"],
} as const satisfies Record<string, readonly string[]>;

type HookEvent = keyof typeof CLAUDE_HOOKS;
const EVENTS = Object.keys(CLAUDE_HOOKS) as HookEvent[];

/** The mnemo bin (or its script) followed by one of the hook words: a hook setup wrote. */
const MNEMO_HOOK =
  /(?:^|[/\s'"])(?:mnemo|main\.js)['"]?\s+(?:hook (?:session-start|user-prompt-submit)|learn --hook)(?:\s|$)/;

export function isMnemoHookCommand(command: unknown): boolean {
  return typeof command === "string" && MNEMO_HOOK.test(command);
}

export function claudeHooksEdit(path: string, commandFor: (words: string[]) => string): FileEdit {
  return {
    path,
    add(current) {
      if (current !== undefined) checkShape(current, path);
      let text = current;
      for (const event of EVENTS) text = withHook(text, event, commandFor([...CLAUDE_HOOKS[event]]));
      return text;
    },
    remove(current) {
      if (current === undefined) return undefined;
      checkShape(current, path);
      let text: string | undefined = current;
      for (const event of EVENTS) text = text === undefined ? undefined : withoutMnemoHooks(text, event);
      return text;
    },
  };
}

function hookGroup(command: string) {
  return { hooks: [{ type: "command", command }] };
}

/** The text with exactly one mnemo hook for the event, running `command`. */
function withHook(text: string | undefined, event: HookEvent, command: string): string {
  if (text !== undefined) {
    const ours = mnemoHookPlaces(text, event);
    const only = ours.length === 1 ? ours[0] : undefined;
    if (only && only.hookCount === 1 && only.command === command) return text;
    text = withoutMnemoHooks(text, event);
  }
  const group = hookGroup(command);
  if (text === undefined) return newJsonDocument({ hooks: { [event]: [group] } });
  if (!nodeAt(text, ["hooks"])) return addProperty(text, [], "hooks", { [event]: [group] });
  if (!nodeAt(text, ["hooks", event])) return addProperty(text, ["hooks"], event, [group]);
  return appendElement(text, ["hooks", event], group);
}

/** The text without mnemo's hooks for the event; undefined when nothing else was in the file. */
function withoutMnemoHooks(text: string, event: HookEvent): string | undefined {
  let result: string | undefined = text;
  // Last first: removing one leaves the places of those before it as they were.
  for (const place of mnemoHookPlaces(text, event).reverse()) {
    if (result === undefined) break;
    result = removeMember(result, ["hooks", event, place.group, "hooks", place.hook]);
  }
  return result;
}

interface HookPlace {
  group: number;
  hook: number;
  command: string;
  /** How many hooks the group has: mnemo's group has only its own. */
  hookCount: number;
}

function mnemoHookPlaces(text: string, event: HookEvent): HookPlace[] {
  const node = nodeAt(text, ["hooks", event]);
  const groups: unknown = node ? getNodeValue(node) : undefined;
  if (!Array.isArray(groups)) return [];
  return groups.flatMap((group: unknown, groupIndex) => {
    const hooks: unknown = (group as { hooks?: unknown } | null)?.hooks;
    if (!Array.isArray(hooks)) return [];
    return hooks.flatMap((hook: unknown, hookIndex) => {
      const command: unknown = (hook as { command?: unknown } | null)?.command;
      return isMnemoHookCommand(command)
        ? [{ group: groupIndex, hook: hookIndex, command: command as string, hookCount: hooks.length }]
        : [];
    });
  });
}

/** `hooks`, and each event under it that setup writes, must be what Claude Code reads. */
function checkShape(text: string, path: string): void {
  parseJsonObject(text, path);
  const hooks = nodeAt(text, ["hooks"]);
  if (hooks && hooks.type !== "object") throw wrongShape(path, '"hooks" is not an object');
  for (const event of EVENTS) {
    const groups = nodeAt(text, ["hooks", event]);
    if (groups && groups.type !== "array") throw wrongShape(path, `"hooks.${event}" is not an array`);
  }
}

function wrongShape(path: string, what: string): MnemoError {
  return new MnemoError(
    "INVALID_INPUT",
    `${what} in ${path}; fix it or move the file away, then run mnemo setup again.`,
  );
}
