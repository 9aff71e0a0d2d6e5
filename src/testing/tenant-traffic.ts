import { seededRandom } from "./seeded-random.js";
import { type Actor, callApi, McpClients } from "./tenant-actors.js";
import { foreignMarkers, type TenantFixture } from "./tenant-fixture.js";

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

const WORDS = [
  "garden",
  "invoice",
  "python",
  "meeting",
  "coffee",
  "deploy",
  "holiday",
  "budget",
  "review",
  "ticket",
];

type Operation = (actor: Actor, step: Step) => Promise<{ leaked: string[]; failure?: string }>;

interface Step {
  random: () => number;
  number: number;
  traffic: Traffic;
}

interface Traffic {
  options: TrafficOptions;
  mcp: McpClients;
  saved: Map<string, Set<string>>;
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
    options,
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

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

function words(random: () => number, count: number): string {
  return Array.from({ length: count }, () => pick(random, WORDS)).join(" ");
}

function leaksIn(step: Step, actor: Actor, text: string, echoes: string[] = []): string[] {
  return foreignMarkers(text, [actor.marker], step.traffic.options.fixture.homes, echoes);
}

function expectStatus(text: string, status: number, expected: number[]): string | undefined {
  return expected.includes(status)
    ? undefined
    : `status ${status}, expected ${expected.join(" or ")}: ${text.slice(0, 200)}`;
}

/** A name saved in another home, if any yet. */
function foreignName(step: Step, actor: Actor): string | undefined {
  const others = [...step.traffic.saved].filter(([home, names]) => home !== actor.home && names.size > 0);
  if (others.length === 0) return undefined;
  return pick(step.random, [...(pick(step.random, others)[1] as Set<string>)]);
}

/** A query: a shared word (every home has hits), the actor's own marker, or another home's. */
function query(step: Step, actor: Actor): string {
  const choice = step.random();
  if (choice < 0.5) return pick(step.random, WORDS);
  if (choice < 0.7) return `${actor.marker} ${pick(step.random, WORDS)}`;
  return pick(step.random, step.traffic.options.fixture.homes).marker;
}

function recordSave(step: Step, actor: Actor, name: string): void {
  step.traffic.saved.get(actor.home)?.add(name);
}

const OPERATIONS: Record<string, Operation> = {
  async httpSave(actor, step) {
    const name = `${actor.marker} note ${step.number}`;
    const body = {
      type: "project",
      name,
      description: `${actor.marker} ${words(step.random, 2)}`,
      content: `${actor.marker} ${words(step.random, 8)}`,
    };
    const answer = await callApi(actor, "POST", "/v1/memories", { body });
    if (answer.status === 201 || answer.status === 200) recordSave(step, actor, name);
    return {
      leaked: leaksIn(step, actor, answer.text),
      failure: expectStatus(answer.text, answer.status, [201]),
    };
  },
  async httpSearch(actor, step) {
    const text = query(step, actor);
    const answer = await callApi(actor, "GET", `/v1/search?query=${encodeURIComponent(text)}&limit=20`);
    return {
      leaked: leaksIn(step, actor, answer.text, [`"query":"${text}"`]),
      failure: expectStatus(answer.text, answer.status, [200]),
    };
  },
  async httpList(actor, step) {
    const answer = await callApi(actor, "GET", "/v1/memories?limit=100");
    return {
      leaked: leaksIn(step, actor, answer.text),
      failure: expectStatus(answer.text, answer.status, [200]),
    };
  },
  async httpReadForeign(actor, step) {
    const name = foreignName(step, actor) ?? "qzghostname note 1";
    const answer = await callApi(actor, "GET", `/v1/memories/${encodeURIComponent(name)}`);
    return {
      leaked: leaksIn(step, actor, answer.text, [`\\"${name}\\"`]),
      failure: expectStatus(answer.text, answer.status, [404]),
    };
  },
  async httpOtherHome(actor, step) {
    const others = step.traffic.options.fixture.homes.filter((home) => !actor.homes.includes(home.id));
    const home = step.random() < 0.2 || others.length === 0 ? "ghost/user-0" : pick(step.random, others).id;
    const path = pick(step.random, [
      "/v1/memories",
      "/v1/search?query=garden",
      "/v1/profile/user",
      "/v1/context",
    ]);
    const answer = await callApi(actor, "GET", path, { home });
    const expected = JSON.stringify({
      error: { code: "NOT_FOUND", message: `There is no memory home "${home}" for this token.` },
    });
    return {
      leaked: leaksIn(step, actor, answer.text),
      failure:
        answer.status === 404 && answer.text === expected
          ? undefined
          : `status ${answer.status}: ${answer.text.slice(0, 200)}`,
    };
  },
  async httpSmuggle(actor, step) {
    const other = pick(step.random, step.traffic.options.fixture.homes).id;
    const answer =
      step.random() < 0.5
        ? await callApi(actor, "POST", "/v1/memories", {
            body: { type: "user", name: "smuggled", description: "x", content: "x", homeId: other },
          })
        : await callApi(actor, "GET", `/v1/memories?homeId=${encodeURIComponent(other)}`);
    return {
      leaked: leaksIn(step, actor, answer.text),
      failure: expectStatus(answer.text, answer.status, [400]),
    };
  },
  async httpProfile(actor, step) {
    const added = await callApi(actor, "POST", "/v1/profile/user/sections/Notes", {
      body: { text: `${actor.marker} ${words(step.random, 3)}` },
    });
    const read = await callApi(actor, "GET", step.random() < 0.5 ? "/v1/profile/user" : "/v1/context");
    return {
      leaked: [...leaksIn(step, actor, added.text), ...leaksIn(step, actor, read.text)],
      failure: expectStatus(added.text, added.status, [200]) ?? expectStatus(read.text, read.status, [200]),
    };
  },
  async mcpSave(actor, step) {
    const name = `${actor.marker} tool note ${step.number}`;
    const result = await step.traffic.mcp.callTool(actor, "memory_save", {
      type: "reference",
      name,
      description: words(step.random, 2),
      content: `${actor.marker} ${words(step.random, 6)}`,
    });
    if (!result.isError) recordSave(step, actor, name);
    return {
      leaked: leaksIn(step, actor, result.text),
      failure: result.isError ? result.text.slice(0, 200) : undefined,
    };
  },
  async mcpSearch(actor, step) {
    const text = query(step, actor);
    const result = await step.traffic.mcp.callTool(actor, "memory_search", { query: text, limit: 20 });
    return {
      leaked: leaksIn(step, actor, result.text, [`\\"${text}\\"`, `"query":"${text}"`]),
      failure: result.isError ? result.text.slice(0, 200) : undefined,
    };
  },
  async mcpListAndRead(actor, step) {
    const listed = await step.traffic.mcp.callTool(actor, "memory_list", { limit: 50 });
    const read = await step.traffic.mcp.callTool(actor, "memory_read", {
      file: step.random() < 0.5 ? "user" : "memory",
    });
    return {
      leaked: [...leaksIn(step, actor, listed.text), ...leaksIn(step, actor, read.text)],
      failure: listed.isError ? listed.text.slice(0, 200) : undefined,
    };
  },
  async mcpReadForeign(actor, step) {
    const name = foreignName(step, actor) ?? "qzghostname note 1";
    const result = await step.traffic.mcp.callTool(actor, "memory_get", { name });
    return {
      leaked: leaksIn(step, actor, result.text, [`\\"${name}\\"`]),
      failure: result.isError ? undefined : `read another home's memory: ${result.text.slice(0, 200)}`,
    };
  },
};
