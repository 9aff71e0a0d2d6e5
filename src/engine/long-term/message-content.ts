import { createHash } from "node:crypto";
import { canonicalText } from "./fact-tokens.js";

/**
 * What long-term memory compares of a message's content: its canonical text (fact-tokens.ts), in
 * which case, the punctuation around words and spacing are gone. "Version 2.3.1 released!" and
 * "version 2.3.1 released" are one message: the exact-duplicate check hashes this text, and the
 * similarity check embeds it. Punctuation inside words stays ("2.3.1", "don't", "ops@example.com").
 *
 * A message made only of symbols ("😀", "?!") has no canonical text; it is compared as written
 * (whitespace normalised), so that two different ones never collide.
 */
export function comparableContent(content: string): string {
  return canonicalText(content) || normalizeMessageContent(content);
}

/** SHA-256 (hex) of the comparable content: equal for messages that differ only in case, punctuation and spacing. */
export function messageContentHash(content: string): string {
  return sha256(comparableContent(content));
}

/**
 * The hash stores written before canonical text was introduced hold: of the content with Unicode NFC
 * and whitespace runs made one space, case and punctuation kept. Looked up too, so that a message
 * stored then is still recognised when it comes again.
 */
export function legacyMessageContentHash(content: string): string {
  return sha256(normalizeMessageContent(content));
}

/** Unicode NFC, every run of whitespace one space, the ends trimmed. */
export function normalizeMessageContent(content: string): string {
  return content.normalize("NFC").replace(/\s+/gu, " ").trim();
}

function sha256(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}
