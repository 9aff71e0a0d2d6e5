import { openMemory } from "../open-memory.js";
import { type RunningMnemoServe, startMnemoServe } from "./test-cli.js";

/**
 * Several `mnemo serve --store postgres://... --home-id ...` processes taking saves at once, as a
 * deployment behind a load balancer would: the saves go round robin to the processes, `concurrency`
 * in flight, each a memory of its own name (or `batch` of them a request); then every acknowledged save is looked for
 * through the library. Used by the write benchmark and its test.
 */
export interface ServeWritersOptions {
  url: string;
  homeId: string;
  /** The folder config.json is read from (it is not created). */
  configHome: string;
  servers: number;
  writes: number;
  concurrency: number;
  /** Memories a request: without it each is its own POST /v1/memories, with it POST /v1/memories/batch. */
  batch?: number;
  /** CPU used so far by the serve processes (given their pids) and whatever else is counted, in ms. */
  cpuMs?: (servePids: number[]) => number;
}

export interface ServeWritersResult {
  acknowledged: number;
  refused: Array<{ status: number; body: string }>;
  seconds: number;
  /** CPU the saves took, when options.cpuMs counts it. */
  cpuMs: number | undefined;
  /** Acknowledged saves whose memory is missing afterwards, or there more than once. */
  missing: string[];
  duplicated: string[];
}

export async function writeThroughServers(options: ServeWritersOptions): Promise<ServeWritersResult> {
  const args = ["--store", options.url, "--home-id", options.homeId];
  const servers = await Promise.all(
    Array.from({ length: options.servers }, () =>
      startMnemoServe(options.configHome, args, { MNEMO_EMBEDDER: "none" }),
    ),
  );
  try {
    const pids = servers.flatMap((served) => served.child.pid ?? []);
    const cpuBefore = options.cpuMs?.(pids);
    const started = performance.now();
    const answers = await saveAll(servers, options);
    const seconds = (performance.now() - started) / 1000;
    const cpuMs = cpuBefore === undefined ? undefined : (options.cpuMs?.(pids) ?? 0) - cpuBefore;
    const acknowledged = answers.flatMap((answer) => answer.acknowledged);
    const refused = answers.flatMap((answer) => answer.refusal ?? []);
    return {
      acknowledged: acknowledged.length,
      refused,
      seconds,
      cpuMs,
      ...(await lookFor(acknowledged, options)),
    };
  } finally {
    for (const served of servers) await served.stop();
  }
}

export function writeName(serial: number): string {
  return `Write ${serial}`;
}

/** What each request answered: the names it acknowledged (a new memory each), or its refusal. */
interface Answer {
  acknowledged: string[];
  refusal?: { status: number; body: string };
}

async function saveAll(servers: RunningMnemoServe[], options: ServeWritersOptions): Promise<Answer[]> {
  const answers: Answer[] = [];
  const batch = options.batch ?? 1;
  let next = 0;
  const sender = async () => {
    while (next < options.writes) {
      const first = next;
      next = Math.min(first + batch, options.writes);
      const serials = Array.from({ length: next - first }, (_, offset) => first + offset);
      const server = servers[(first / batch) % servers.length] as RunningMnemoServe;
      answers.push(await send(server, serials, options.batch !== undefined));
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, sender));
  return answers;
}

/** One save (201 acknowledges it), or with `asBatch` one batch save (200 acknowledges each memory it lists as created). */
async function send(server: RunningMnemoServe, serials: number[], asBatch: boolean): Promise<Answer> {
  const memories = serials.map((serial) => ({
    type: "project",
    name: writeName(serial),
    description: `Saved through ${server.endpoints.api}`,
    content: `Write number ${serial}: the deploy checklist item ${serial} is done.`,
  }));
  const response = await fetch(`${server.endpoints.api}/memories${asBatch ? "/batch" : ""}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    // The writes differ only by their numbers, which consolidation would read as one fact updated:
    // saved as given, since what is tested is that each acknowledged write is kept.
    body: JSON.stringify(asBatch ? { memories } : { ...memories[0], consolidate: false }),
  });
  const body = await response.text();
  if (response.status !== (asBatch ? 200 : 201))
    return { acknowledged: [], refusal: { status: response.status, body } };
  if (!asBatch) return { acknowledged: [memories[0]?.name as string] };
  const { saved } = JSON.parse(body) as { saved: Array<{ name: string; created: boolean }> };
  return { acknowledged: saved.flatMap((each) => (each.created ? [each.name] : [])) };
}

/** Every acknowledged name, counted among the home's memories as a user lists them. */
async function lookFor(acknowledged: string[], options: ServeWritersOptions) {
  const memory = await openMemory({
    home: options.configHome,
    env: { MNEMO_EMBEDDER: "none" },
    store: options.url,
    homeId: options.homeId,
  });
  try {
    const counts = new Map<string, number>();
    // One page holding every memory (the default page is the newest 200).
    const listed = await memory.memories.list({ limit: options.writes + 1 });
    for (const { name } of listed.memories) counts.set(name, (counts.get(name) ?? 0) + 1);
    return {
      missing: acknowledged.filter((name) => !counts.has(name)),
      duplicated: [...counts].filter(([, count]) => count > 1).map(([name]) => name),
    };
  } finally {
    await memory.close();
  }
}
