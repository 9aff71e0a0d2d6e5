import { createInterface } from "node:readline/promises";
import { MnemoError } from "../../errors.js";

/** The shell convention for a command stopped by Ctrl-C (128 + SIGINT). */
const INTERRUPTED_EXIT_CODE = 130;

export interface Question {
  label: string;
  /** Shown in brackets; an empty answer takes it. */
  fallback: string;
}

/**
 * Asks each question in the terminal (prompts on stderr, so stdout stays data) and returns the
 * answers in order. Lines typed ahead are kept for the next question. Ctrl-C exits at once (call it
 * before writing anything); the input ending early is an INVALID_INPUT error.
 */
export async function askQuestions(questions: Question[]): Promise<string[]> {
  const prompt = createInterface({ input: process.stdin, output: process.stderr });
  prompt.on("SIGINT", () => {
    process.stderr.write("\n");
    process.exit(INTERRUPTED_EXIT_CODE);
  });
  const lines = prompt[Symbol.asyncIterator]();
  const answers: string[] = [];
  try {
    for (const { label, fallback } of questions) {
      prompt.setPrompt(`${label} [${fallback}]: `);
      prompt.prompt();
      const next = await lines.next();
      if (next.done) {
        throw new MnemoError(
          "INVALID_INPUT",
          "The input ended before every question was answered; nothing was written. Run the command again, or give the answers as options.",
        );
      }
      const answer = String(next.value).trim();
      answers.push(answer === "" ? fallback : answer);
    }
    return answers;
  } finally {
    prompt.close();
  }
}
