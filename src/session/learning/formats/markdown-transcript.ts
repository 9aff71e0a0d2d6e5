import { failure, type TranscriptMessage, type TranscriptParse } from "./transcript.js";

/**
 * A conversation written as plain text or Markdown: each message starts with a line
 * `User: ...` / `Assistant: ...` (bold `**User:**` too), or sits under a heading `## User` /
 * `## Assistant` (any level). The lines after it, up to the next speaker, belong to it. Text before
 * the first speaker (a title, a date) is not a message. The speaker words are read in any case.
 */
const SPEAKER_LINE = /^\s*(?:\*\*)?(user|assistant)(?:\*\*)?\s*:(?:\*\*)?\s?(.*)$/i;
const SPEAKER_HEADING = /^\s*#{1,6}\s+(user|assistant)\s*:?\s*$/i;

export function parseMarkdownTranscript(text: string): TranscriptParse {
  const messages: TranscriptMessage[] = [];
  let current: { role: "user" | "assistant"; lines: string[] } | undefined;
  const close = () => {
    const said = current?.lines.join("\n").trim() ?? "";
    if (current && said !== "") messages.push({ message: { role: current.role, content: said } });
  };
  for (const line of text.split(/\r?\n/)) {
    const heading = SPEAKER_HEADING.exec(line);
    const speaker = heading ?? SPEAKER_LINE.exec(line);
    if (speaker === null) {
      current?.lines.push(line);
      continue;
    }
    close();
    const role = (speaker[1] as string).toLowerCase() as "user" | "assistant";
    current = { role, lines: heading ? [] : [speaker[2] ?? ""] };
  }
  close();
  if (messages.length === 0)
    return failure(
      1,
      'no message found: start each with "User:" or "Assistant:", or put it under "## User" / "## Assistant"',
    );
  return { ok: true, transcript: { format: "markdown", messages } };
}
