import { Argument, Option } from "commander";
import { MnemoError } from "../../../errors.js";
import type { ConversationAddResult, ConversationRead } from "../../../home.js";
import { type CommandGroup, defineCommand } from "../cli-command.js";
import { textArgument } from "../read-input.js";
import { type RedactOptions, redactionLines, redactSecretsOption } from "../redaction-lines.js";

const add = defineCommand({
  name: "add",
  description: "Record a message of a conversation; recall finds it later with the turns around it.",
  arguments: [
    new Argument("<session>", "the conversation (letters, digits, _ - .); one transcript per session"),
    new Argument("<text>", "what was said (- reads it from stdin)"),
  ],
  options: [
    new Option("--speaker <name>", 'who said it, one word ("user", "assistant", "Caroline")').default("user"),
    new Option("--at <time>", "when it was said, an ISO date and time (default: now)"),
    redactSecretsOption(),
  ],
  examples: [
    'mnemo conversation add trip-2026 "We fly to Lisbon on May 3rd."',
    'mnemo conversation add trip-2026 --speaker assistant "Noted: Lisbon, May 3rd."',
  ],
  async input([session = "", text = ""], options: RedactOptions & { speaker: string; at?: string }) {
    const at = options.at === undefined ? undefined : new Date(options.at);
    if (at !== undefined && Number.isNaN(at.getTime()))
      throw new MnemoError("INVALID_INPUT", `--at must be an ISO date and time, not "${options.at}"`);
    return {
      session,
      text: await textArgument(text),
      speaker: options.speaker,
      at,
      redactSecrets: options.redactSecrets,
    };
  },
  run: ({ session, text, speaker, at, redactSecrets }, { memory }) =>
    memory.conversations.add(session, [{ speaker, text, at }], { redactSecrets }),
  render: (result: ConversationAddResult, { locate }) =>
    [
      ...result.added.map(
        (turn) => `Recorded turn ${turn.turn} [${turn.time}] ${turn.speaker} in ${locate(result.path)}`,
      ),
      ...redactionLines(result.redactedSecrets),
    ].join("\n"),
});

const show = defineCommand({
  name: "show",
  description: "Print a conversation's messages in order.",
  arguments: [new Argument("<session>", "the conversation")],
  examples: ["mnemo conversation show trip-2026", "mnemo conversation show trip-2026 --json"],
  input: ([session = ""]) => ({ session }),
  run: ({ session }, { memory }) => memory.conversations.read(session),
  render: (result: ConversationRead) =>
    result.turns.map((turn) => `[${turn.turn}] ${turn.time} ${turn.speaker}: ${turn.text}`).join("\n"),
  notes: (result, _input, { json }) =>
    !json && result.turns.length === 0 ? [`nothing recorded in ${result.path} yet`] : [],
});

export const conversation: CommandGroup = {
  name: "conversation",
  summary: "Record and read conversation memory",
  description:
    "Conversation memory: one Markdown transcript per session (conversations/<session>.md). `mnemo chat` records its " +
    "sessions there; `mnemo recall --kind message` searches them message by message, with the turns around each hit.",
  commands: [add, show],
};
