import { describe, expect, test } from "vitest";
import { configSchema } from "../config/schema.js";
import { RANKING_STAGES, rankingSettings, withStageOff } from "./ranking-pipeline.js";

const defaults = configSchema.parse({}).search;

describe("the ranking pipeline", () => {
  test("recall's ranking options come from the config's search settings", () => {
    expect(rankingSettings(defaults)).toEqual({
      fusion: { method: "weighted", textWeight: defaults.textWeight },
      feedback: { weight: defaults.feedbackWeight, top: defaults.feedbackTop },
      recency: { weight: defaults.recencyWeight, halfLifeDays: defaults.recencyHalfLifeDays },
      timeWindowWeight: defaults.timeWindowWeight,
      aspectWeight: defaults.aspectWeight,
      answerTypeWeight: defaults.answerTypeWeight,
    });
    expect(rankingSettings({ ...defaults, fusion: "rrf" }).fusion).toEqual({ method: "rrf", k: 60 });
  });

  test("every stage is named once, turned off by a setting the config accepts, and is then off", () => {
    const names = RANKING_STAGES.map((stage) => stage.name);
    expect(new Set(names).size).toBe(names.length);
    const everyOn = { ...defaults, recencyWeight: 0.5, rerank: "llm" as const };
    for (const stage of RANKING_STAGES) {
      expect(stage.isOn(everyOn), stage.name).toBe(true);
      const off = withStageOff(everyOn, stage);
      expect(stage.isOn(off), stage.name).toBe(false);
      expect(() => configSchema.parse({ search: { [stage.setting]: stage.offValue } })).not.toThrow();
      // Only its own setting changes.
      expect({ ...off, [stage.setting]: everyOn[stage.setting] }).toEqual(everyOn);
    }
  });

  test("every weight rankChunks reads from the config belongs to a stage", () => {
    const settings = new Set(RANKING_STAGES.map((stage) => stage.setting));
    for (const weight of [
      "textWeight",
      "feedbackWeight",
      "recencyWeight",
      "timeWindowWeight",
      "aspectWeight",
      "answerTypeWeight",
    ] as const)
      expect(settings.has(weight), weight).toBe(true);
  });
});
