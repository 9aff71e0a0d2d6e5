import { type SuiteReport, setNames, suiteReport } from "./retrieval-suite.js";
import { type RetrievalEvalOptions, runRetrievalEval } from "./run-retrieval-eval.js";

export interface RetrievalSuiteOptions extends Omit<RetrievalEvalOptions, "input" | "onCase" | "rankedOut"> {
  inputs: string[];
  /** Called after each case of each set. */
  onCase?: (set: string, done: number) => void;
}

/** Each input scored in turn (one at a time: the machine is shared) by the same ranking. */
export async function runRetrievalSuite(options: RetrievalSuiteOptions): Promise<SuiteReport> {
  const { inputs, onCase, ...common } = options;
  const names = setNames(inputs);
  const sets: SuiteReport["sets"] = [];
  for (const [position, input] of inputs.entries()) {
    const name = names[position] as string;
    const report = await runRetrievalEval({ ...common, input, onCase: (done) => onCase?.(name, done) });
    sets.push({ name, report });
  }
  return suiteReport(sets, options.ks);
}
