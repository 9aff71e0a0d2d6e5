import type { MemoryHome } from "../../../src/engine/memory-home.js";
import { MnemoError } from "../../../src/errors.js";
import { openMemory } from "../../../src/open-memory.js";
import { seededRandom } from "../../../src/testing/seeded-random.js";
import { describeFailure, type FuzzResult } from "./fuzz-homes.js";
import { HostileValues } from "./hostile-values.js";

/** Fuzzes the library API: every call must succeed or be refused with a MnemoError. */
export async function fuzzLibrary(options: {
  home: string;
  count: number;
  seed: number;
}): Promise<FuzzResult> {
  const values = new HostileValues(seededRandom(options.seed));
  const memory = await openMemory({ home: options.home, env: {}, onWarning: () => undefined });
  const result: FuzzResult = { inputs: 0, failures: [] };
  try {
    for (let index = 0; index < options.count; index++) {
      const [label, call] = values.pick(OPERATIONS)(memory, values);
      result.inputs += 1;
      try {
        await call();
      } catch (error) {
        if (!MnemoError.isInstance(error))
          result.failures.push({ surface: "library", input: label, error: describeFailure(error) });
      }
    }
  } finally {
    await memory.close();
  }
  return result;
}

type Operation = (memory: MemoryHome, values: HostileValues) => [string, () => Promise<unknown>];

const kindOrHostile = (values: HostileValues) =>
  values.chance(0.7)
    ? values.pick(["memory", "section", "journal", "daily"] as const)
    : (values.name() as "memory");
const typeOrHostile = (values: HostileValues) =>
  values.chance(0.7)
    ? values.pick(["user", "feedback", "project", "reference"] as const)
    : (values.name() as "user");
const fileOrHostile = (values: HostileValues) =>
  values.chance(0.7) ? values.pick(["soul", "user", "memory", "daily"] as const) : (values.name() as "user");

const OPERATIONS: Operation[] = [
  (memory, values) => {
    const input = {
      type: typeOrHostile(values),
      name: values.name(),
      description: values.chance(0.5) ? values.text() : undefined,
      content: values.text(),
      frontmatter: values.chance(0.2) ? { [values.name()]: values.name() } : undefined,
    };
    return [`memories.save(${JSON.stringify(input)})`, () => memory.memories.save(input)];
  },
  (memory, values) => {
    const name = values.name();
    return [`memories.get(${JSON.stringify(name)})`, () => memory.memories.get(name)];
  },
  (memory, values) => {
    const name = values.name();
    return [`memories.delete(${JSON.stringify(name)})`, () => memory.memories.delete(name)];
  },
  (memory, values) => {
    const type = typeOrHostile(values);
    return [`memories.list(${JSON.stringify(type)})`, () => memory.memories.list({ type })];
  },
  (memory, values) => {
    const [file, section, text] = [fileOrHostile(values), values.name(), values.text()];
    return [
      `profile.add(${JSON.stringify([file, section, text])})`,
      () => memory.profile.add(file, section, text),
    ];
  },
  (memory, values) => {
    const file = fileOrHostile(values);
    const options = { section: values.name(), oldText: values.text(), newText: values.text() };
    return [
      `profile.replace(${JSON.stringify([file, options])})`,
      () => memory.profile.replace(file, options),
    ];
  },
  (memory, values) => {
    const [file, section] = [fileOrHostile(values), values.name()];
    return [`profile.remove(${JSON.stringify([file, section])})`, () => memory.profile.remove(file, section)];
  },
  (memory, values) => {
    const [file, section] = [fileOrHostile(values), values.chance(0.5) ? values.name() : undefined];
    return [`profile.read(${JSON.stringify([file, section])})`, () => memory.profile.read(file, section)];
  },
  (memory, values) => {
    const category = values.chance(0.6)
      ? values.pick(["user_pref", "general", "file_pattern"])
      : values.name();
    const text = values.text();
    return [`journal.add(${JSON.stringify([category, text])})`, () => memory.journal.add(category, text)];
  },
  (memory, values) => {
    const topic = values.name();
    return [`journal.readTopic(${JSON.stringify(topic)})`, () => memory.journal.readTopic(topic)];
  },
  (memory, values) => {
    const query = values.text();
    const options = {
      limit: values.pick([1, 5, 0, -3, 2.5, 100_000]),
      type: values.chance(0.3) ? typeOrHostile(values) : undefined,
      kind: values.chance(0.3) ? kindOrHostile(values) : undefined,
      file: values.chance(0.3) ? values.name() : undefined,
      since: values.chance(0.2) ? values.name() : undefined,
      until: values.chance(0.2) ? values.pick(["2026-01-01", values.name()]) : undefined,
    };
    return [`recall(${JSON.stringify([query, options])})`, () => memory.recall(query, options)];
  },
  (memory, values) => {
    const basePrompt = values.text();
    return [`buildContext(${JSON.stringify(basePrompt)})`, () => memory.buildContext({ basePrompt })];
  },
  (memory, values) => {
    const fix = values.chance(0.5);
    return [`doctor({ fix: ${fix} })`, () => memory.doctor({ fix })];
  },
  (memory, values) => {
    const answers = { name: values.name(), personality: values.text(), speakingStyle: values.text() };
    const overwrite = values.chance(0.5);
    return [`onboard(${JSON.stringify(answers)})`, () => memory.onboard(answers, { overwrite })];
  },
];
