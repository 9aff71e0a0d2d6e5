import { openMemory } from "../open-memory.js";

/** The on-call memory a team layer holds in the scopes tests. */
export const TEAM_MEMORY = {
  type: "reference",
  name: "On-call",
  content: "The on-call rota lives in PagerDuty.",
} as const;

/** A team's home at `folder` holding TEAM_MEMORY, closed again: a stack opens it itself. */
export async function seedTeamHome(folder: string): Promise<void> {
  const team = await openMemory({ home: folder, env: { MNEMO_EMBEDDER: "none" } });
  try {
    await team.memories.save(TEAM_MEMORY);
  } finally {
    await team.close();
  }
}
