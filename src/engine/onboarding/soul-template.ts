import { MnemoError } from "../../errors.js";
import { guardSecrets, type SecretMode } from "../guard/secret-guard.js";

/** Seed 002's onboarding: three answers make the agent's SOUL.md. */
export interface SoulAnswers {
  name: string;
  personality: string;
  speakingStyle: string;
}

export const DEFAULT_SOUL_ANSWERS: SoulAnswers = {
  name: "Mnemo",
  personality: "Helpful, patient and careful with details; honest about what it does not know.",
  speakingStyle: "Clear and concise; plain words, examples when they help.",
};

const MAX_ANSWER_CHARACTERS = 500;

export function renderSoul(answers: SoulAnswers): string {
  const name = oneAnswer(answers.name, "name");
  return [
    "# Soul",
    "",
    "## Identity",
    `I am ${name}, an AI assistant with a persistent memory.`,
    "",
    "## Personality",
    oneAnswer(answers.personality, "personality"),
    "",
    "## Speaking style",
    oneAnswer(answers.speakingStyle, "speaking style"),
    "",
  ].join("\n");
}

/** The answers as they may be stored in SOUL.md (see guardSecrets): a credential is refused or redacted. */
export function guardSoulAnswers(answers: SoulAnswers, mode: SecretMode): SoulAnswers {
  const guard = (text: string, field: string) => guardSecrets(text, { field, mode }).text;
  return {
    name: guard(answers.name, "the agent's name"),
    personality: guard(answers.personality, "the agent's personality"),
    speakingStyle: guard(answers.speakingStyle, "the agent's speaking style"),
  };
}

function oneAnswer(value: string, field: string): string {
  const text = value.replace(/\s+/g, " ").trim();
  if (text === "")
    throw new MnemoError(
      "INVALID_INPUT",
      `The agent's ${field} is empty; give one, or leave it out to use the default.`,
    );
  if (text.length > MAX_ANSWER_CHARACTERS) {
    throw new MnemoError(
      "TOO_LARGE",
      `The agent's ${field} is ${text.length} characters; keep it under ${MAX_ANSWER_CHARACTERS}.`,
    );
  }
  return text;
}
