import { createHash } from "node:crypto";

/**
 * The exact-duplicate check of long-term memory compares hashes of normalised content.
 *
 * Normalising means: Unicode NFC, every run of whitespace (spaces, tabs, newlines) becomes one
 * space, and the ends are trimmed. Letter case is kept: this check is all that is left when no
 * embedding model is configured, and it must never drop a message that differs in meaning, while
 * code, identifiers and acronyms ("US" / "us") are case-sensitive. Variants that differ only in case
 * are caught by the similarity check when a model is in use.
 */
export function normalizeMessageContent(content: string): string {
  return content.normalize("NFC").replace(/\s+/gu, " ").trim();
}

/** SHA-256 (hex) of the normalised content. */
export function messageContentHash(content: string): string {
  return createHash("sha256").update(normalizeMessageContent(content), "utf8").digest("hex");
}
