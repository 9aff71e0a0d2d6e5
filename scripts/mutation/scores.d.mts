/** Types of scores.mjs, for its tests. */
export interface ModuleScore {
  module: string;
  score: number;
  mutants: number;
  when: string;
  load: string;
  workers: number | null;
}
export function readScores(): Promise<ModuleScore[]>;
export function withScore(scores: readonly ModuleScore[], entry: ModuleScore): ModuleScore[];
export function recordScore(entry: ModuleScore): Promise<void>;
export function renderScores(scores: readonly ModuleScore[]): string;
export function replaceBetweenMarkers(document: string, table: string): string;
