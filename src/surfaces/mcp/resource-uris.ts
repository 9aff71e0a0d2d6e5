import { MEMORY_TYPES, type MemoryType, MnemoError } from "../../index.js";

/**
 * The `mnemo://` URI scheme of the MCP resources, one template per kind of file, and the mapping
 * from a URI's variables to the home-relative path it names. Pure: no I/O. A variable is one
 * percent-encoded path segment; once decoded it may not contain a path separator, "..", a control
 * character or a leading ".", so no URI can name a file outside its folder of the home.
 */
export const RESOURCE_URI_TEMPLATES = {
  profile: "mnemo://profile/{file}",
  memory: "mnemo://memories/{type}/{name}",
  topic: "mnemo://topics/{topic}",
  daily: "mnemo://daily/{date}",
} as const;

/** The always-loaded files, by the names the memory tools use for them. */
export const PROFILE_RESOURCE_PATHS = { soul: "SOUL.md", user: "USER.md", memory: "MEMORY.md" } as const;
export type ProfileResourceFile = keyof typeof PROFILE_RESOURCE_PATHS;
export const PROFILE_RESOURCE_FILES = Object.keys(PROFILE_RESOURCE_PATHS) as ProfileResourceFile[];

const MEMORY_FILE = new RegExp(`^memories/(${MEMORY_TYPES.join("|")})_(.+)\\.md$`);
const DAILY_FILE = /^daily\/(\d{4}-\d{2}-\d{2})\.md$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A file name has at most 255 bytes on common file systems; a URI variable is most of one. */
const MAX_SEGMENT_BYTES = 250;

/** A URI (or template) of the served home as another layer of a stack serves it: `mnemo://<scope>/...`. */
export function layerUri(scope: string, uri: string): string {
  return uri.replace(/^mnemo:\/\//, `mnemo://${scope}/`);
}

export function profileUri(file: ProfileResourceFile): string {
  return `mnemo://profile/${file}`;
}

export function memoryUri(type: MemoryType, name: string): string {
  return `mnemo://memories/${type}/${encodeURIComponent(name)}`;
}

export function topicUri(topic: string): string {
  return `mnemo://topics/${encodeURIComponent(topic)}`;
}

export function dailyUri(date: string): string {
  return `mnemo://daily/${date}`;
}

/** "memories/feedback_prefers-tabs.md" -> its URI; undefined for a file that is not a typed memory. */
export function memoryUriOfPath(path: string): string | undefined {
  const match = MEMORY_FILE.exec(path);
  return match ? memoryUri(match[1] as MemoryType, match[2] as string) : undefined;
}

/** "daily/2026-05-01.md" -> its URI; undefined for any other file. */
export function dailyUriOfPath(path: string): string | undefined {
  const match = DAILY_FILE.exec(path);
  return match ? dailyUri(match[1] as string) : undefined;
}

/** A URI template variable as the MCP SDK hands it over (a list only for exploded variables). */
export type UriVariable = string | string[] | undefined;

export function profilePathOf(uri: string, file: UriVariable): string {
  const name = decodeSegment(uri, file);
  if (!Object.hasOwn(PROFILE_RESOURCE_PATHS, name))
    throw invalid(uri, `there is no profile file "${name}"; use ${PROFILE_RESOURCE_FILES.join(", ")}`);
  return PROFILE_RESOURCE_PATHS[name as ProfileResourceFile];
}

export function memoryPathOf(uri: string, type: UriVariable, name: UriVariable): string {
  const memoryType = decodeSegment(uri, type);
  if (!(MEMORY_TYPES as readonly string[]).includes(memoryType))
    throw invalid(uri, `"${memoryType}" is not a memory type; use ${MEMORY_TYPES.join(", ")}`);
  return `memories/${memoryType}_${decodeSegment(uri, name)}.md`;
}

export function topicPathOf(uri: string, topic: UriVariable): string {
  return `topics/${decodeSegment(uri, topic)}.md`;
}

export function dailyPathOf(uri: string, date: UriVariable): string {
  const day = decodeSegment(uri, date);
  if (!DATE.test(day)) throw invalid(uri, `"${day}" is not a date; daily logs are named YYYY-MM-DD`);
  return `daily/${day}.md`;
}

/**
 * Refuses a URI with "." or ".." segments (also percent-encoded) before it is parsed: a URL parser
 * would quietly resolve them ("mnemo://profile/../x" becomes "mnemo://profile/x").
 */
export function refuseDotSegments(uri: string): void {
  if (/\/(?:\.|%2e){1,2}(?=[/?#]|$)/i.test(uri)) {
    throw new MnemoError(
      "OUTSIDE_HOME",
      `Refusing ${uri}: "." and ".." segments are not allowed in mnemo:// URIs. Use the URIs that resources/list returns.`,
    );
  }
}

/** One decoded path segment, refused when it could leave its folder or name a hidden file. */
export function decodeSegment(uri: string, value: UriVariable): string {
  const raw = Array.isArray(value) ? value.join(",") : (value ?? "");
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    throw invalid(uri, `"${raw}" is not valid percent-encoding`);
  }
  if (decoded === "") throw invalid(uri, "a part of the URI is empty");
  if (Buffer.byteLength(decoded) > MAX_SEGMENT_BYTES)
    throw invalid(uri, `a part of the URI is longer than ${MAX_SEGMENT_BYTES} bytes, which no file name is`);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[/\\]|\.\.|^\.|\.$|[\u0000-\u001f\u007f]/.test(decoded)) {
    throw new MnemoError(
      "OUTSIDE_HOME",
      `Refusing ${uri}: "${decoded}" could reach outside its folder of the memory home (a "/", "\\", "..", leading or trailing "." or control character). Use the URIs that resources/list returns.`,
    );
  }
  return decoded;
}

function invalid(uri: string, problem: string): MnemoError {
  return new MnemoError("INVALID_INPUT", `Invalid resource URI ${uri}: ${problem}.`);
}

/**
 * The home-relative file a resource URI names, for any kind; throws the same MnemoErrors as a read
 * of that URI would (dot segments, unknown kinds, unsafe names).
 */
export function resourcePathOf(uri: string): string {
  refuseDotSegments(uri);
  const match = /^mnemo:\/\/([a-z]+)\/([^/?#]+)(?:\/([^/?#]+))?$/.exec(uri);
  const [, kind, first, second] = match ?? [];
  if (kind === "profile" && second === undefined) return profilePathOf(uri, first);
  if (kind === "memories" && second !== undefined) return memoryPathOf(uri, first, second);
  if (kind === "topics" && second === undefined) return topicPathOf(uri, first);
  if (kind === "daily" && second === undefined) return dailyPathOf(uri, first);
  throw new MnemoError(
    "NOT_FOUND",
    `There is no resource ${uri}; mnemo's resources are ${Object.values(RESOURCE_URI_TEMPLATES).join(", ")}.`,
  );
}
