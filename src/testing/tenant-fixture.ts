import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openHomes } from "../open-homes.js";
import { seededRandom } from "./seeded-random.js";

/**
 * A root of many homes for leak and scale-out tests: each home has a marker word of its own that
 * only its memories may contain, a token for it alone, and some tokens reach two homes (the
 * request's Mnemo-Home header then picks one). Made through the library, as an operator would.
 * Each home saves as given (consolidation off): the tests count every acknowledged write, and their
 * generated memories differ only by a marker or a number, which consolidation would merge.
 */
export interface FixtureHome {
  id: string;
  /** A made-up word: found anywhere but in this home, it leaked. */
  marker: string;
}

export interface FixtureToken {
  token: string;
  homes: string[];
}

export interface TenantFixture {
  /** The root folder of the homes; with `store`, a folder of the servers' settings only. */
  root: string;
  /** The PostgreSQL database holding the homes, when they are not under `root`. */
  store?: string;
  homes: FixtureHome[];
  tokens: FixtureToken[];
  adminToken: string;
}

export async function createTenantFixture(options: {
  homes: number;
  twoHomeTokens: number;
  seed: number;
  root?: string;
  /** Keep the homes in this PostgreSQL database instead of under a root folder. */
  store?: string;
}): Promise<TenantFixture> {
  const random = seededRandom(options.seed);
  const root = options.root ?? join(await mkdtemp(join(tmpdir(), "mnemo-tenants-")), "homes");
  const { store } = options;
  const homes = await openHomes(
    store === undefined ? { root, env: {} } : { store, env: { MNEMO_HOME: root } },
  );
  try {
    const fixtureHomes: FixtureHome[] = [];
    for (let index = 0; index < options.homes; index++) {
      const id = `${["acme", "globex", "initech"][index % 3]}/user-${index}`;
      await homes.createHome(id);
      fixtureHomes.push({ id, marker: markerWord(random, index) });
      if (store === undefined) await saveAsGiven(join(root, ...id.split("/")));
    }
    // Database homes take their settings from the servers' config.json, in `root`.
    if (store !== undefined) await saveAsGiven(root);
    const tokens: FixtureToken[] = [];
    for (const home of fixtureHomes)
      tokens.push({ token: (await homes.issueToken({ homes: [home.id] })).token, homes: [home.id] });
    for (let index = 0; index < options.twoHomeTokens; index++) {
      const first = fixtureHomes[index % fixtureHomes.length] as FixtureHome;
      const second = fixtureHomes[(index * 3 + 1) % fixtureHomes.length] as FixtureHome;
      if (first.id === second.id) continue;
      const pair = [first.id, second.id];
      tokens.push({
        token: (await homes.issueToken({ homes: pair, label: "two homes" })).token,
        homes: pair,
      });
    }
    const adminToken = (await homes.issueToken({ homes: [], admin: true })).token;
    return { root, ...(store === undefined ? {} : { store }), homes: fixtureHomes, tokens, adminToken };
  } finally {
    await homes.close();
  }
}

async function saveAsGiven(folder: string): Promise<void> {
  await mkdir(folder, { recursive: true });
  await writeFile(join(folder, "config.json"), `${JSON.stringify({ consolidation: { enabled: false } })}\n`);
}

/** "qz" and letters: one token for BM25, never a real word, never inside another marker. */
function markerWord(random: () => number, index: number): string {
  const letters = Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(random() * 26))).join(
    "",
  );
  return `qz${letters}${String.fromCharCode(97 + (index % 26))}${String.fromCharCode(97 + Math.floor(index / 26))}`;
}

/**
 * The markers of other homes found in `text`, after taking out the exact places where the answer
 * quotes what the request sent (`echoes`, such as `"query":"qz…"`): a hit holding the marker still counts.
 */
export function foreignMarkers(
  text: string,
  own: readonly string[],
  homes: readonly FixtureHome[],
  echoes: string[] = [],
): string[] {
  let checked = text;
  for (const echo of echoes) if (echo) checked = checked.split(echo).join(" ");
  return homes
    .filter((home) => !own.includes(home.marker) && checked.includes(home.marker))
    .map((home) => home.marker);
}
