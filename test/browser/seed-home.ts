import { join } from "node:path";
import type { ChatRequest } from "../../src/contracts/chat-model.js";
import { type MemoryHome, openMemory } from "../../src/index.js";
import { AgentSession } from "../../src/session/agent/agent-session.js";
import { ScriptedChatModel } from "../../src/testing/scripted-chat-model.js";
import { makeTempDir } from "../../src/testing/test-home.js";

/**
 * A memory home as a few days of use leave it, on a fixed clock so the pages show the same ages and
 * dates on every run: a profile, typed memories (one of them three days old, so stale), journal
 * entries, today's log, a removed section in the archive, and one recorded agent session.
 */
export const NOW = new Date(2026, 4, 14, 10, 30);
const THREE_DAYS_AGO = new Date(2026, 4, 11, 9, 0);
export const SESSION_ID = "20260514-103000-demo";

export async function seedHome(): Promise<{ root: string; home: string; memory: MemoryHome }> {
  const root = await makeTempDir("mnemo-browser-");
  const home = join(root, ".mnemo");
  const options = { home, env: {}, config: { search: { embedder: "none" as const } }, onWarning: () => {} };
  const earlier = await openMemory({ ...options, now: () => THREE_DAYS_AGO });
  await earlier.onboard({
    name: "Ada",
    personality: "Curious and precise.",
    speakingStyle: "Brief, with examples.",
  });
  await earlier.memories.save({
    type: "feedback",
    name: "Prefers tabs",
    description: "Tabs for indentation in every project",
    content: "Indent with tabs, never spaces.\n**Why:** the user's editor shows tabs at width 4.",
  });
  await earlier.close();

  const memory = await openMemory({ ...options, now: () => NOW });
  await memory.profile.add("user", "Name", "The user is Grace Hopper.");
  await memory.profile.add("user", "Preferences", "Likes short answers with one example.");
  await memory.profile.add("user", "Old address", "Lived in Arlington.");
  await memory.profile.remove("user", "Old address");
  await memory.profile.add("memory", "Notes", "Deploys on Fridays have failed twice; suggest Thursdays.");
  await memory.memories.save({
    type: "project",
    name: "Release train",
    description: "Releases go out every second Thursday",
    content: "The release train leaves every second Thursday at 14:00.",
  });
  await memory.memories.save({
    type: "reference",
    name: "Runbook",
    description: "Where the on-call runbook lives",
    content: "The on-call runbook is in the wiki under Ops / Runbook.",
  });
  await memory.journal.add("user_pref", "Answers in French when the user writes in French.");
  await memory.journal.add("error_solution", "EACCES on deploy: the key file needs mode 600.");
  await memory.profile.add("daily", "Notes", "Reviewed the release checklist.");
  await recordSession(memory);
  return { root, home, memory };
}

/** One agent session: it is given the frozen block, finds a memory for its message, writes one, ends. */
async function recordSession(memory: MemoryHome): Promise<void> {
  const extraction = JSON.stringify({
    memories: [
      {
        type: "user",
        name: "Owns a cat",
        description: "A cat named Miso",
        body: "The user has a cat named Miso.",
      },
    ],
    entries: [],
    summary: "Talked about tabs and the user's cat.",
  });
  const model = new ScriptedChatModel({
    id: "scripted-model",
    replies: [
      (request: ChatRequest) => {
        if (request.responseFormat !== undefined) return extraction;
        if (request.messages.at(-1)?.role === "tool") return "Tabs, and I noted your cat.";
        return {
          content: "",
          toolCalls: [
            {
              id: "1",
              name: "memory_add",
              arguments: '{"file":"user","section":"Pets","content":"A cat named Miso."}',
            },
          ],
          finishReason: "tool_calls",
        };
      },
    ],
  });
  const session = await AgentSession.start({
    memory,
    model,
    sessionId: SESSION_ID,
    basePrompt: "You are a coding assistant.",
    now: () => NOW,
  });
  await session.send("Should I indent with tabs? Also, I have a cat named Miso.");
  await session.end();
}
