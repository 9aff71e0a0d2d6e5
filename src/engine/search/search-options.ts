import type { SearchConfig } from "../config/schema.js";
import type { FusionOptions } from "./fusion.js";
import type { VectorFeedbackOptions } from "./vector-feedback.js";

/** The ranking options recall uses, from the config's search settings. */

export function fusionOptions(config: SearchConfig): FusionOptions {
  return config.fusion === "rrf"
    ? { method: "rrf", k: 60 }
    : { method: "weighted", textWeight: config.textWeight };
}

export function feedbackOptions(config: SearchConfig): VectorFeedbackOptions {
  return { weight: config.feedbackWeight, top: config.feedbackTop };
}
