/**
 * Topic files written whole, as a file editor writes them (Claude's memory tool): a topic file is
 * only ever one that `journal read <topic>` reads back, its text is guarded for credentials as
 * every write is (a name holding one is refused: a name cannot be redacted), it holds at most the
 * journals' `capacity.maxLines`, and a deleted one goes to archive/. Each change runs under the
 * home's lock.
 */
import { MnemoError } from "../../errors.js";
import { topicPath } from "../../rules/home-layout.js";
import { type ArchivedChunk, archiveText } from "../archive/archive.js";
import { MAX_TOPIC_NAME_LENGTH, MEMORY_TARGET } from "../config/schema.js";
import { guardSecrets, refuseSecretInName, secretMode } from "../guard/secret-guard.js";
import type { HomeContext } from "../home/home-context.js";
import { countLines } from "../markdown/lines.js";
import { resolveTopicName, TOPIC_NAME } from "./journal.js";

/**
 * The file of TOPIC ("topics/<topic>.md"). Refused when `journal read TOPIC` would read another
 * file: "MEMORY" in any case (MEMORY.md) and a journal category routed elsewhere ("user_pref").
 */
export function topicFilePath(home: HomeContext, topic: string): string {
  if (topic.length > MAX_TOPIC_NAME_LENGTH || !TOPIC_NAME.test(topic))
    throw new MnemoError(
      "INVALID_INPUT",
      `Invalid topic name ${JSON.stringify(topic.slice(0, 120))}: use letters, digits, "_" and "-", at most ${MAX_TOPIC_NAME_LENGTH} (for example project_notes).`,
    );
  const read = resolveTopicName(home, topic);
  if (read === topic && read !== MEMORY_TARGET) return topicPath(topic);
  if (topic.toUpperCase() === MEMORY_TARGET)
    throw new MnemoError(
      "INVALID_INPUT",
      `"${topic}" cannot be a topic: MEMORY.md is the home's core memory, which mnemo keeps itself (the index of typed memories and the journal). Choose another topic name.`,
    );
  const where = read === MEMORY_TARGET ? "MEMORY.md" : `the topic "${read}"`;
  const instead = read === MEMORY_TARGET ? "Choose another topic name." : `Use the topic "${read}".`;
  throw new MnemoError(
    "INVALID_INPUT",
    `"${topic}" cannot be a topic: the journal category "${topic}" is recorded in ${where}, which \`journal read ${topic}\` reads. ${instead}`,
  );
}

/** Writes TOPIC's file whole: a new file with `create`, else one that exists. */
export async function writeTopicFile(
  home: HomeContext,
  topic: string,
  text: string,
  options: { create: boolean; redactSecrets?: boolean },
): Promise<{ path: string; redactedSecrets: string[] }> {
  refuseSecretInName(topic, "the topic file's name");
  const path = topicFilePath(home, topic);
  const mode = secretMode(home.config.secrets, options.redactSecrets);
  const guarded = guardSecrets(text, { field: `the text of ${path}`, mode });
  const { maxLines } = home.config.capacity;
  const lines = countLines(guarded.text);
  if (lines > maxLines)
    throw new MnemoError(
      "TOO_LARGE",
      `${path} would have ${lines} lines; a topic file holds at most ${maxLines}. Keep the essentials, or split it into several topics.`,
    );
  await home.store.transaction(async (writer) => {
    const exists = (await writer.read(path)) !== undefined;
    if (options.create && exists) throw new MnemoError("INVALID_INPUT", `${path} already exists.`);
    if (!options.create && !exists) throw missing(path);
    await writer.write(path, guarded.text);
  });
  return { path, redactedSecrets: guarded.redactedSecrets };
}

/** Moves TOPIC's file to archive/ (marked with `reason`) and removes it. */
export async function deleteTopicFile(
  home: HomeContext,
  topic: string,
  options: { reason?: string } = {},
): Promise<{ path: string; archived: ArchivedChunk[] }> {
  const path = topicFilePath(home, topic);
  return home.store.transaction(async (writer) => {
    const text = await writer.read(path);
    if (text === undefined) throw missing(path);
    const reason = options.reason ?? "deleted";
    const archived = await archiveText(writer, { sourcePath: path, chunks: [text], reason, now: home.now() });
    await writer.remove(path);
    return { path, archived };
  });
}

/** Gives topic FROM's file the name of topic TO, which must not exist yet. */
export async function renameTopicFile(
  home: HomeContext,
  from: string,
  to: string,
): Promise<{ path: string }> {
  const fromPath = topicFilePath(home, from);
  refuseSecretInName(to, "the topic file's new name");
  const path = topicFilePath(home, to);
  await home.store.transaction(async (writer) => {
    const text = await writer.read(fromPath);
    if (text === undefined) throw missing(fromPath);
    if ((await writer.read(path)) !== undefined)
      throw new MnemoError("INVALID_INPUT", `Cannot rename ${fromPath}: ${path} already exists.`);
    await writer.write(path, text);
    await writer.remove(fromPath);
  });
  return { path };
}

function missing(path: string): MnemoError {
  return new MnemoError("NOT_FOUND", `There is no topic file ${path}.`);
}
