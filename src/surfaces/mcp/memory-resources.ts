import type { Variables } from "@modelcontextprotocol/sdk/shared/uriTemplate.js";
import type { Resource } from "@modelcontextprotocol/sdk/types.js";
import { type MemoryHome, MnemoError } from "../../index.js";
import type { Scope } from "../../scopes.js";
import {
  dailyPathOf,
  dailyUriOfPath,
  layerUri,
  memoryPathOf,
  memoryUriOfPath,
  PROFILE_RESOURCE_FILES,
  PROFILE_RESOURCE_PATHS,
  profilePathOf,
  profileUri,
  RESOURCE_URI_TEMPLATES,
  topicPathOf,
  topicUri,
} from "./resource-uris.js";

export const MARKDOWN = "text/markdown";

/** One kind of file of the memory home, served under one URI template. */
export interface ResourceKind {
  name: string;
  template: string;
  description: string;
  list(): Promise<Resource[]>;
  /** The file's text; throws MnemoErrors for a bad or unknown URI. */
  read(uri: string, variables: Variables): Promise<string>;
  complete?: Record<string, () => string[]>;
}

const PROFILE_DESCRIPTIONS = {
  soul: "The agent's identity, always in the session context.",
  user: "The user's profile, always in the session context.",
  memory: "Core memory: the agent's notes, the index of typed memories and the core journal.",
} as const;

/**
 * Every file is listed and read through the home's DocumentStore, which refuses paths outside the
 * home. `where` names the home in errors.
 */
export function memoryResourceKinds(memory: MemoryHome, where = "the memory home"): ResourceKind[] {
  const readExisting = async (uri: string, path: string) =>
    (await memory.store.read(path)) ?? notFound(uri, path, where);
  return [
    {
      name: "profile",
      template: RESOURCE_URI_TEMPLATES.profile,
      description: "SOUL.md, USER.md or MEMORY.md: the files always loaded into the session context.",
      list: async () =>
        PROFILE_RESOURCE_FILES.map((file) => ({
          uri: profileUri(file),
          name: PROFILE_RESOURCE_PATHS[file],
          description: PROFILE_DESCRIPTIONS[file],
          mimeType: MARKDOWN,
        })),
      // A file never written reads as empty, as it is in the session context.
      read: async (uri, variables) => (await memory.store.read(profilePathOf(uri, variables.file))) ?? "",
      complete: { file: () => [...PROFILE_RESOURCE_FILES] },
    },
    {
      name: "memory",
      template: RESOURCE_URI_TEMPLATES.memory,
      description: "One typed memory (user, feedback, project or reference): YAML frontmatter and its text.",
      list: () => listMemories(memory),
      read: (uri, variables) => readExisting(uri, memoryPathOf(uri, variables.type, variables.name)),
    },
    {
      name: "topic",
      template: RESOURCE_URI_TEMPLATES.topic,
      description: "A journal topic: timestamped entries recorded by category, read on demand.",
      list: async () =>
        (await memory.journal.topics()).map((topic) => ({
          uri: topicUri(topic),
          name: `topics/${topic}.md`,
          mimeType: MARKDOWN,
        })),
      read: async (uri, variables) => {
        const path = topicPathOf(uri, variables.topic);
        const text = await memory.store.read(path);
        if (text !== undefined) return text;
        // A topic the config routes a category to is listed before its first entry: it reads as empty.
        const topics = await memory.journal.topics();
        return topics.some((topic) => `topics/${topic}.md` === path) ? "" : notFound(uri, path, where);
      },
    },
    {
      name: "daily",
      template: RESOURCE_URI_TEMPLATES.daily,
      description: "A daily log; logs older than the recent days are moved to archive/.",
      list: async () =>
        (await memory.store.list("daily")).flatMap((document) => {
          const uri = dailyUriOfPath(document.path);
          return uri ? [{ uri, name: document.path, mimeType: MARKDOWN }] : [];
        }),
      read: (uri, variables) => readExisting(uri, dailyPathOf(uri, variables.date)),
    },
  ];
}

/** Every typed-memory file, titled and described from its frontmatter when it parses. */
async function listMemories(memory: MemoryHome): Promise<Resource[]> {
  const [documents, manifest] = await Promise.all([memory.store.list("memories"), memory.memories.list()]);
  const headers = new Map(manifest.memories.map((header) => [header.path, header]));
  return documents.flatMap((document) => {
    const uri = memoryUriOfPath(document.path);
    if (uri === undefined) return [];
    const header = headers.get(document.path);
    const about = header ? { title: header.name, description: header.description } : {};
    return [{ uri, name: document.path, ...about, mimeType: MARKDOWN }];
  });
}

/**
 * Another layer of a stack (docs/scopes.md): the same kinds of files under `mnemo://<scope>/`
 * (`mnemo://project/memories/{type}/{name}`), so the served home's URIs stay as they are.
 */
export function layerResourceKinds(scope: Scope, memory: MemoryHome): ResourceKind[] {
  return memoryResourceKinds(memory, `the ${scope} layer`).map((kind) => ({
    ...kind,
    name: `${scope}-${kind.name}`,
    template: layerUri(scope, kind.template),
    description: `In the ${scope} layer: ${kind.description}`,
    list: async () =>
      (await kind.list()).map((resource) => ({ ...resource, uri: layerUri(scope, resource.uri) })),
  }));
}

function notFound(uri: string, path: string, where: string): never {
  throw new MnemoError(
    "NOT_FOUND",
    `There is no ${path} in ${where} for ${uri}; resources/list shows what exists.`,
  );
}
