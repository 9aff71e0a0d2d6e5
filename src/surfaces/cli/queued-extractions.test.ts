import { describe, expect, test } from "vitest";
import type { PendingRetryReport } from "../../session/extraction/pending-extractions.js";
import { queuedExtractionLines } from "./queued-extractions.js";

const report = (overrides: Partial<PendingRetryReport>): PendingRetryReport =>
  ({ sessionId: "s1", path: ".pending/s1.json", written: [], ...overrides }) as PendingRetryReport;

describe("queuedExtractionLines", () => {
  test("nothing queued: no line", () => {
    expect(queuedExtractionLines({ queued: 0, reports: [] }, "mnemo doctor --fix")).toEqual([]);
  });

  test("queued without a model: one line saying how many wait, why, and what to run again", () => {
    expect(queuedExtractionLines({ queued: 2, reports: [] }, "mnemo learn --pending")).toEqual([
      "2 conversation(s) wait in .pending/ for extraction: no chat model is configured (the next mnemo chat extracts them, or configure llm and run mnemo learn --pending again)",
    ]);
  });

  test("with a model: a line per conversation, what was written or why it failed again", () => {
    const lines = queuedExtractionLines(
      {
        queued: 3,
        model: "openai:m",
        reports: [
          report({
            written: [{ label: "added Tabs" }, { label: "updated City" }] as PendingRetryReport["written"],
          }),
          report({ sessionId: "s2", written: [] }),
          report({ sessionId: "s3", path: ".pending/s3.json", error: "model timed out" }),
        ],
      },
      "x",
    );
    expect(lines).toEqual([
      "session s1: extracted with openai:m, 2 written: added Tabs; updated City",
      "session s2: extracted with openai:m, 0 written",
      "session s3: extraction failed again, still in .pending/s3.json: model timed out",
    ]);
  });
});
