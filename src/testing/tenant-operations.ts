import { type Actor, callApi, type McpClients } from "./tenant-actors.js";
import { foreignMarkers, type TenantFixture } from "./tenant-fixture.js";

/**
 * The operations of the tenant traffic (tenant-traffic.ts), each one request or two, each returning
 * the other homes' markers its answers held and what was wrong with them, if anything.
 */
export const WORDS = [
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

export type Operation = (actor: Actor, step: Step) => Promise<{ leaked: string[]; failure?: string }>;

export interface Step {
  random: () => number;
  number: number;
  traffic: Traffic;
}

export interface Traffic {
  fixture: TenantFixture;
  mcp: McpClients;
  saved: Map<string, Set<string>>;
}

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

function words(random: () => number, count: number): string {
  return Array.from({ length: count }, () => pick(random, WORDS)).join(" ");
}

function leaksIn(step: Step, actor: Actor, text: string, echoes: string[] = []): string[] {
  return foreignMarkers(text, [actor.marker], step.traffic.fixture.homes, echoes);
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
  return pick(step.random, step.traffic.fixture.homes).marker;
}

function recordSave(step: Step, actor: Actor, name: string): void {
  step.traffic.saved.get(actor.home)?.add(name);
}

export const OPERATIONS: Record<string, Operation> = {
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
    const others = step.traffic.fixture.homes.filter((home) => !actor.homes.includes(home.id));
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
    const other = pick(step.random, step.traffic.fixture.homes).id;
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
