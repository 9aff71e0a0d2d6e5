import { openMemory } from "../open-memory.js";
import { type RunningMnemoServe, startMnemoServe } from "./test-cli.js";

/**
 * Several `mnemo serve --store postgres://... --home-id ...` processes taking saves at once, as a
 * deployment behind a load balancer would: the saves go round robin to the processes, `concurrency`
 * in flight, each a memory of its own name; then every acknowledged save (201) is looked for
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
    const acknowledged = answers.flatMap((answer) => (answer.status === 201 ? [answer.name] : []));
    const refused = answers.filter((answer) => answer.status !== 201);
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

async function saveAll(servers: RunningMnemoServe[], options: ServeWritersOptions) {
  const answers: Array<{ name: string; status: number; body: string }> = [];
  let next = 0;
  const sender = async () => {
    while (next < options.writes) {
      const serial = next++;
      const server = servers[serial % servers.length] as RunningMnemoServe;
      const response = await fetch(`${server.endpoints.api}/memories`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          type: "project",
          name: writeName(serial),
          description: `Saved through server ${serial % servers.length}`,
          content: `Write number ${serial}: the deploy checklist item ${serial} is done.`,
        }),
      });
      const body = await response.text();
      answers.push({ name: writeName(serial), status: response.status, body });
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, sender));
  return answers;
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
