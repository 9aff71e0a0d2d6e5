import type { Command } from "commander";
import { DEFAULT_SOUL_ANSWERS, type SoulAnswers } from "../../index.js";
import { askQuestions } from "../ask-questions.js";
import { type CommonOptions, commandAction, openHome, withCommonOptions } from "../command-action.js";
import { EXIT_CODES, printData } from "../output.js";
import { REDACT_SECRETS_FLAG, REDACT_SECRETS_HELP } from "../redaction-lines.js";

interface InitOptions extends CommonOptions {
  name?: string;
  personality?: string;
  style?: string;
  yes?: boolean;
  force?: boolean;
  redactSecrets?: boolean;
}

export function registerInit(program: Command): void {
  const command = program
    .command("init")
    .summary("Create the agent's SOUL.md (onboarding)")
    .description(
      "Create the agent's SOUL.md from three answers: its name, personality and speaking style. " +
        "In a terminal, asks for the answers not given as options; otherwise uses the options and the defaults.",
    )
    .option("--name <name>", `the agent's name (default: ${DEFAULT_SOUL_ANSWERS.name})`)
    .option("--personality <text>", "the agent's personality, one sentence")
    .option("--style <text>", "the agent's speaking style, one sentence")
    .option("--yes", "ask nothing: use the options given and the defaults")
    .option("--force", "overwrite an existing SOUL.md")
    .option(REDACT_SECRETS_FLAG, REDACT_SECRETS_HELP);
  withCommonOptions(command, ["mnemo init", 'mnemo init --yes --name Ada --style "Short and friendly."']);
  command.action(
    commandAction<[], InitOptions>(async (_args, options) => {
      const memory = await openHome(options);
      const soul = await memory.profile.read("soul");
      const kept = { home: memory.home, path: soul.path, written: false };
      const keptText = `Kept the existing ${memory.store.locate(soul.path)}; run mnemo init --force to overwrite it.`;
      if (soul.text !== "" && !options.force) return printKept(options, kept, keptText);
      const answers = await collectAnswers(options);
      const result = await memory.onboard(answers, {
        overwrite: options.force === true,
        redactSecrets: options.redactSecrets,
      });
      if (!result.written) return printKept(options, kept, keptText);
      const written = { home: memory.home, path: result.path, written: true };
      printData(options, written, `Wrote ${memory.store.locate(result.path)}`);
      return EXIT_CODES.ok;
    }),
  );
}

/** An existing SOUL.md is not an error: say it was kept, and how to overwrite it. */
function printKept(options: InitOptions, kept: object, text: string): number {
  printData(options, kept, text);
  return EXIT_CODES.ok;
}

/** The options given, the others asked in a terminal or taken from the defaults. */
async function collectAnswers(options: InitOptions): Promise<SoulAnswers> {
  const answers: SoulAnswers = {
    name: options.name ?? DEFAULT_SOUL_ANSWERS.name,
    personality: options.personality ?? DEFAULT_SOUL_ANSWERS.personality,
    speakingStyle: options.style ?? DEFAULT_SOUL_ANSWERS.speakingStyle,
  };
  if (options.yes || !process.stdin.isTTY) return answers;
  const questions: Array<{ key: keyof SoulAnswers; label: string; given: string | undefined }> = [
    { key: "name", label: "Agent name", given: options.name },
    { key: "personality", label: "Personality", given: options.personality },
    { key: "speakingStyle", label: "Speaking style", given: options.style },
  ];
  const toAsk = questions.filter((question) => question.given === undefined);
  const replies = await askQuestions(toAsk.map(({ key, label }) => ({ label, fallback: answers[key] })));
  toAsk.forEach(({ key }, index) => {
    answers[key] = replies[index] ?? answers[key];
  });
  return answers;
}
