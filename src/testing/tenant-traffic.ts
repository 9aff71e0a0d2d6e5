import { seededRandom } from "./seeded-random.js";
import { type Actor, McpClients } from "./tenant-actors.js";
import type { TenantFixture } from "./tenant-fixture.js";
import { OPERATIONS, type Operation, type Traffic } from "./tenant-operations.js";

/**
 * Random traffic through multi-home servers: saves, searches, lists, reads, profile edits, reads of
 * another home's memories, requests naming a home the token may not use, home ids smuggled into a
 * body or a query string, and the same through MCP tools. Every answer is scanned for another
 * home's marker word; every refusal must be the one expected; every acknowledged save is recorded.
 */
export interface TrafficOptions {
  fixture: TenantFixture;
  /** Base URLs of the servers (`http://127.0.0.1:PORT`); actors are spread over them. */
  servers: string[];
  operations: number;
  concurrency: number;
  seed: number;
  mcp: boolean;
}

export interface TrafficReport {
  operations: number;
  byKind: Record<string, number>;
  /** "kind: home got marker of X" for every answer that held another home's marker. */
  leaks: string[];
  /** Answers that were neither right nor the refusal expected. */
  failures: string[];
  /** Names of memories acknowledged as saved, by home. */
  saved: Map<string, Set<string>>;
  ms: number;
}

export async function runTenantTraffic(options: TrafficOptions): Promise<TrafficReport> {
  const { fixture } = options;
  const actors: Actor[] = fixture.tokens.flatMap(({ token, homes }, index) =>
    homes.map((home) => ({
      token,
      home,
      homes,
      marker: fixture.homes.find((each) => each.id === home)?.marker as string,
      url: options.servers[index % options.servers.length] as string,
    })),
  );
  const traffic: Traffic = {
    fixture,
    mcp: new McpClients(),
    saved: new Map(fixture.homes.map((home) => [home.id, new Set()])),
  };
  const kinds = Object.keys(OPERATIONS).filter((kind) => options.mcp || !kind.startsWith("mcp"));
  const report: TrafficReport = {
    operations: 0,
    byKind: {},
    leaks: [],
    failures: [],
    saved: traffic.saved,
    ms: 0,
  };
  const started = performance.now();
  let next = 0;
  const worker = async (lane: number) => {
    const random = seededRandom(options.seed * 7919 + lane);
    while (next < options.operations) {
      const number = next++;
      const actor = actors[Math.floor(random() * actors.length)] as Actor;
      const kind = kinds[Math.floor(random() * kinds.length)] as string;
      const outcome = await (OPERATIONS[kind] as Operation)(actor, { random, number, traffic }).catch(
        (error: unknown) => ({
          leaked: [],
          failure: `threw ${error instanceof Error ? error.message : String(error)}`,
        }),
      );
      report.operations++;
      report.byKind[kind] = (report.byKind[kind] ?? 0) + 1;
      for (const marker of outcome.leaked) report.leaks.push(`${kind}: ${actor.home} saw ${marker}`);
      if (outcome.failure) report.failures.push(`${kind} (${actor.home}): ${outcome.failure}`);
    }
  };
  try {
    await Promise.all(Array.from({ length: options.concurrency }, (_, lane) => worker(lane)));
  } finally {
    await traffic.mcp.close();
  }
  report.ms = performance.now() - started;
  return report;
}
