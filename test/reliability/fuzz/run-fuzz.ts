import { fuzzCli } from "./fuzz-cli.js";
import { type FuzzFailure, type FuzzResult, outsideFingerprint, prepareFuzzGround } from "./fuzz-homes.js";
import { fuzzHttp } from "./fuzz-http.js";
import { fuzzLibrary } from "./fuzz-library.js";
import { fuzzMcp } from "./fuzz-mcp.js";

/**
 * The whole fuzz run of issue 11: each surface on a clean home and on a hostile one (folders and
 * files linked outside), then a check that nothing outside the homes changed. Shared by the bounded
 * test and bench/reliability/fuzz.ts.
 */
export const SURFACES = { library: fuzzLibrary, cli: fuzzCli, http: fuzzHttp, mcp: fuzzMcp };
export type Surface = keyof typeof SURFACES;

export interface FuzzRunResult {
  inputs: Record<Surface, number>;
  failures: FuzzFailure[];
  outsideChanged: boolean;
}

export async function runFuzz(options: {
  parent: string;
  perSurface: number;
  seed: number;
  surfaces?: Surface[];
}): Promise<FuzzRunResult> {
  const ground = await prepareFuzzGround(options.parent);
  const before = await outsideFingerprint(ground);
  const inputs = { library: 0, cli: 0, http: 0, mcp: 0 };
  const failures: FuzzFailure[] = [];
  for (const surface of options.surfaces ?? (Object.keys(SURFACES) as Surface[])) {
    for (const [offset, home] of ground.homes.entries()) {
      const count = Math.ceil(options.perSurface / ground.homes.length);
      const result: FuzzResult = await SURFACES[surface]({ home, count, seed: options.seed + offset });
      inputs[surface] += result.inputs;
      failures.push(...result.failures);
    }
  }
  return { inputs, failures, outsideChanged: (await outsideFingerprint(ground)) !== before };
}
