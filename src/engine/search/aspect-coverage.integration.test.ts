import { afterEach, expect, test } from "vitest";
import { addKitchenConversation } from "../../testing/kitchen-conversation.js";
import { openTestMemory, removeDir } from "../../testing/test-home.js";
import type { MemoryHome } from "../memory-home.js";

/**
 * "Which did I set up first, the smart thermostat or the new router?" in a home where eight
 * messages talk about setting up the thermostat and one says the router works: BM25 ranks all
 * eight thermostat messages (four query words each) above the router's (one), so the answer's
 * other half is not among the first five unless recall covers each thing the question names.
 */
const QUERY = "Which did I set up first, the smart thermostat or the new router?";
const ROUTER = "The router is finally working in the attic.";

let memory: MemoryHome | undefined;
let home = "";
afterEach(async () => {
  await memory?.close();
  await removeDir(home);
});

async function homeWithDevices(aspectWeight?: number): Promise<MemoryHome> {
  const search = aspectWeight === undefined ? {} : { aspectWeight };
  ({ memory, home } = await openTestMemory({ config: { search: { embedder: "none", ...search } } }));
  const at = (day: number) => new Date(2026, 9, day, 20, 0);
  await addKitchenConversation(memory, at(1));
  await memory.conversations.add(
    "thermostat",
    Array.from({ length: 8 }, (_, step) => ({
      speaker: "user",
      text: `Step ${step}: set up the smart thermostat first, the smart thermostat app wants a schedule`,
      at: at(2),
    })),
  );
  await memory.conversations.add("attic", [{ speaker: "user", text: ROUTER, at: at(3) }]);
  return memory;
}

test("a question naming two things gets each one's message near the top", async () => {
  const recalled = await (await homeWithDevices()).recall(QUERY, { kind: "message", limit: 5 });
  const texts = recalled.hits.map((hit) => hit.text);
  expect(texts.slice(0, 2).some((text) => text.includes("router"))).toBe(true);
  expect(texts.slice(0, 2).some((text) => text.includes("thermostat"))).toBe(true);
});

test("with aspect coverage off, the router's message is not among the first five", async () => {
  const recalled = await (await homeWithDevices(0)).recall(QUERY, { kind: "message", limit: 5 });
  expect(recalled.hits).toHaveLength(5);
  expect(recalled.hits.every((hit) => hit.text.includes("thermostat"))).toBe(true);
});

test("a question naming one thing ranks as before", async () => {
  const question = "When did I set up the smart thermostat?";
  const covered = await (await homeWithDevices()).recall(question, { kind: "message", limit: 10 });
  const order = covered.hits.map((hit) => `${hit.path}:${hit.locator}`);
  await memory?.close();
  await removeDir(home);
  const plain = await (await homeWithDevices(0)).recall(question, { kind: "message", limit: 10 });
  expect(plain.hits.map((hit) => `${hit.path}:${hit.locator}`)).toEqual(order);
});
