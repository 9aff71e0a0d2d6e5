import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { MemoryHome } from "../engine/memory-home.js";
import { AgentSession } from "../session/agent/agent-session.js";
import { ScriptedChatModel } from "./scripted-chat-model.js";

/**
 * Fills a file home with something in every folder a home can hold, the way mnemo writes it:
 * profile files, typed memories, topics, daily logs, conversations, a session's log (.sessions/)
 * and its conversation queued for a retried extraction (.pending/, the model answered garbage),
 * the archive of each, and hand edits (CRLF, a byte order mark, no final newline). `advance` moves
 * the home's clock on by days, so the first daily log goes to the archive.
 */
export async function fillEveryFolder(
  memory: MemoryHome,
  home: string,
  advance: (days: number) => void,
): Promise<{ sessionId: string }> {
  await memory.onboard({ name: "Ada", personality: "Curious.", speakingStyle: "Brief." });
  await memory.profile.add("user", "Name", "Grace Hopper, 日本語 and emoji 🦉.");
  await memory.profile.add("memory", "Notes", "Check staging first.");
  await memory.profile.add("daily", "Session", "Talked about the deploy.");
  await memory.memories.save({ type: "user", name: "Pet", content: "A cat." });
  await memory.memories.save({ type: "user", name: "Pet", content: "A dog now." }); // archive/memories/
  await memory.memories.save({ type: "feedback", name: "Tabs", content: "Indent with tabs." });
  await memory.memories.delete("Tabs");
  await memory.journal.add("user_pref", "Answers in French.");
  await memory.journal.add("general", "CI runs on Debian.");
  await memory.profile.remove("user", "Name"); // archive/USER.md
  await memory.conversations.add("talk-1", [
    { speaker: "user", text: "We went climbing on Tuesday." },
    { speaker: "assistant", text: "Nice! Where?" },
  ]);
  const model = new ScriptedChatModel({
    id: "scripted-model",
    replies: [(request) => (request.responseFormat === undefined ? "Noted." : "not the JSON asked for")],
  });
  const session = await AgentSession.start({ memory, model, onWarning: () => undefined });
  await session.send("My cat is called Miso.");
  await session.end();
  advance(8);
  await memory.profile.add("daily", "Session", "A later day."); // the old daily goes to archive/daily/
  await writeFile(
    join(home, "topics", "hand_written.md"),
    "\uFEFF# Hand\r\n\r\nWritten on Windows, no final newline",
  );
  await mkdir(join(home, "archive", "conversations"), { recursive: true });
  await writeFile(
    join(home, "archive", "conversations", "talk-0.md"),
    "# Conversation talk-0\n\nSaid long ago.\n",
  );
  await writeFile(join(home, "config.json"), "{}\n");
  return { sessionId: session.sessionId };
}
