import { describe, expect, test } from "vitest";
import { configSchema } from "../engine/config/schema.js";
import { RANKING_STAGES } from "../engine/search/ranking-pipeline.js";
import { suiteOf } from "../testing/test-suite-reports.js";
import { rankingEvalOptions, runAblation } from "./ablation.js";

const defaults = configSchema.parse({}).search;

describe("runAblation", () => {
  test("scores all on, then each stage the config runs turned off alone, with the macro's change", async () => {
    const asked: Array<Record<string, unknown>> = [];
    const ablation = await runAblation(defaults, async (search) => {
      asked.push(search);
      // A suite that loses 0.1 on set a whenever feedback is off.
      return suiteOf({ a: search.feedbackWeight === 0 ? 0.4 : 0.5, b: 0.3 });
    });
    const on = RANKING_STAGES.filter((stage) => stage.isOn(defaults)).map((stage) => stage.name);
    expect(on).toEqual(["bm25", "vectors", "feedback", "time window", "answer type", "aspects"]);
    expect(ablation.stages.map((stage) => stage.stage)).toEqual(on);
    expect(asked[0]).toEqual(defaults);
    expect(asked).toHaveLength(1 + on.length);
    const feedback = ablation.stages.find((stage) => stage.stage === "feedback");
    expect(feedback?.off).toBe("search.feedbackWeight=0");
    expect(feedback?.macroDelta).toBeCloseTo(-0.05, 10);
    expect(ablation.stages.find((stage) => stage.stage === "bm25")?.macroDelta).toBe(0);
  });

  test("the evaluation ranks with recall's settings; without vectors it has no embedder", () => {
    const embedder = { id: "e" } as never;
    expect(rankingEvalOptions(defaults, { embedder })).toMatchObject({
      embedder,
      fusion: { method: "weighted", textWeight: defaults.textWeight },
      timeWindowWeight: defaults.timeWindowWeight,
    });
    expect(rankingEvalOptions({ ...defaults, embedder: "none" }, { embedder }).embedder).toBeUndefined();
    expect(rankingEvalOptions(defaults, { rerank: { candidates: 5 } as never }).rerank).toBeUndefined();
  });
});
