import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { Option } from "commander";
import { DEFAULT_SOUL_ANSWERS, type SoulAnswers } from "../../../engine/onboarding/soul-template.js";
import { askQuestions } from "../ask-questions.js";
import { type CommonOptions, defineCommand } from "../cli-command.js";
import { redactSecretsOption } from "../redaction-lines.js";

interface InitOptions extends CommonOptions {
  name?: string;
  personality?: string;
  style?: string;
  yes?: boolean;
  force?: boolean;
  redactSecrets?: boolean;
  project?: boolean;
}

/** What init did: `written` false when an existing SOUL.md was kept. */
interface InitResult {
  home: string;
  path: string;
  written: boolean;
}

export const init = defineCommand({
  name: "init",
  summary: "Create the agent's SOUL.md (onboarding)",
  description:
    "Create the agent's SOUL.md from three answers: its name, personality and speaking style. " +
    "In a terminal, asks for the answers not given as options; otherwise uses the options and the defaults.",
  options: [
    new Option("--name <name>", `the agent's name (default: ${DEFAULT_SOUL_ANSWERS.name})`),
    new Option("--personality <text>", "the agent's personality, one sentence"),
    new Option("--style <text>", "the agent's speaking style, one sentence"),
    new Option("--yes", "ask nothing: use the options given and the defaults"),
    new Option("--force", "overwrite an existing SOUL.md"),
    redactSecretsOption(),
    new Option(
      "--project",
      "create the project layer instead: .mnemo/ at the repository's top (git root, else here)",
    ),
  ],
  examples: ["mnemo init", 'mnemo init --yes --name Ada --style "Short and friendly."'],
  input: (_args, options: InitOptions) => options,
  withoutHome: (options) => (options.project ? () => createProjectHome() : undefined),
  async run(options, { memory }): Promise<InitResult> {
    const soul = await memory.profile.read("soul");
    const kept = { home: memory.home, path: soul.path, written: false };
    if (soul.text !== "" && !options.force) return kept;
    const result = await memory.onboard(await collectAnswers(options), {
      overwrite: options.force === true,
      redactSecrets: options.redactSecrets,
    });
    return result.written ? { home: memory.home, path: result.path, written: true } : kept;
  },
  // An existing SOUL.md is not an error: say it was kept, and how to overwrite it.
  render: (result, { locate }) =>
    result.path === result.home
      ? `${result.written ? "Created" : "Kept"} the project memory home ${result.home}`
      : result.written
        ? `Wrote ${locate(result.path)}`
        : `Kept the existing ${locate(result.path)}; run mnemo init --force to overwrite it.`,
  notes: (result, options, { json, locate }) =>
    result.written || result.path === result.home ? [] : keptNotes(options, json, locate(result.path)),
});

/** The project layer (docs/scopes.md): `.mnemo/` at the git root, else in the working folder. */
async function createProjectHome(): Promise<InitResult> {
  const { openMemory } = await import("../../../open-memory.js");
  const top = gitRoot(process.cwd()) ?? process.cwd();
  const home = join(top, ".mnemo");
  const existed = existsSync(home);
  const memory = await openMemory({ home });
  await memory.close();
  return { home, path: home, written: !existed };
}

function gitRoot(start: string): string | undefined {
  for (let folder = resolve(start); ; folder = dirname(folder)) {
    if (existsSync(join(folder, ".git"))) return folder;
    if (dirname(folder) === folder) return undefined;
  }
}

/**
 * A kept SOUL.md with answers given is easy to miss (the answers look taken): say, on stderr, which
 * were not used and how to use them; with --json, stdout says nothing of it, so say it all.
 */
function keptNotes(options: InitOptions, json: boolean, path: string): string[] {
  const given = [
    ["--name", options.name],
    ["--personality", options.personality],
    ["--style", options.style],
  ].flatMap(([flag, value]) => (value === undefined ? [] : [`${flag} ${JSON.stringify(value)}`]));
  if (given.length === 0)
    return json ? [`kept the existing ${path}; run mnemo init --force to overwrite it`] : [];
  return [
    `${given.join(", ")} not used: ${path} already holds the agent's identity; run mnemo init --force ${given.join(" ")} to overwrite it`,
  ];
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
