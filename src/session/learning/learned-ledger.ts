import { z } from "zod";
import { LEARNED_DIR } from "../../rules/home-layout.js";
import { TRANSCRIPT_FORMATS } from "./formats/transcript.js";

/**
 * The ledger of one learned transcript, `.learned/<sessionId>.json`: how far it was learned (a
 * LearnedPoint, see learned-range.ts), each part learned so far, and, while a `mnemo learn` works
 * on it, that process's claim. It is read and written under the home's lock only, so two learns
 * of the same transcript never take the same part.
 */
const claimSchema = z.object({ pid: z.number().int(), host: z.string(), at: z.string() });

const ledgerSchema = z.object({
  version: z.literal(1),
  sessionId: z.string(),
  /** Where the transcript was read from when it was last learned. */
  source: z.string(),
  format: z.enum(TRANSCRIPT_FORMATS as [string, ...string[]]),
  learned: z.object({
    messages: z.number().int().min(0),
    lastId: z.string().optional(),
    prefixHash: z.string(),
  }),
  /** Each part learned, oldest first: messages from..to (1-based, inclusive), and when. */
  parts: z.array(z.object({ from: z.number().int(), to: z.number().int(), at: z.string() })),
  claim: claimSchema.optional(),
});

export type LearnedLedger = z.output<typeof ledgerSchema>;

export function ledgerPath(sessionId: string): string {
  return `${LEARNED_DIR}/${sessionId}.json`;
}

/** The ledger in a file's text; undefined for no file. A file that is no ledger is a problem to report. */
export function parseLedger(
  text: string | undefined,
): { ok: true; ledger?: LearnedLedger } | { ok: false; problem: string } {
  if (text === undefined) return { ok: true };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, problem: "not JSON" };
  }
  const parsed = ledgerSchema.safeParse(value);
  if (parsed.success) return { ok: true, ledger: parsed.data };
  // zod reports at least one issue for every failure: the first is said.
  const problems = parsed.error.issues.map(
    (issue) => `${issue.path.join(".") || "the file"}: ${issue.message}`,
  );
  return { ok: false, problem: problems[0] as string };
}

export function serializeLedger(ledger: LearnedLedger): string {
  return `${JSON.stringify(ledger, null, 2)}\n`;
}
