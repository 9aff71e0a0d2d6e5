/**
 * A save's input as it may be stored (seed 001): the name, description and content checked and
 * guarded for secrets, the type parsed, extra frontmatter keys and the validity dates checked.
 * Nothing is read or written: a save that is refused throws before its transaction starts.
 */
import { MnemoError } from "../../errors.js";
import { guardSecrets, refuseSecretInName, secretMode } from "../guard/secret-guard.js";
import type { HomeContext } from "../home/home-context.js";
import { validateMemoryName } from "./memory-name.js";
import { type MemoryType, parseMemoryType } from "./memory-types.js";
import type { SaveMemoryInput } from "./save-types.js";
import { checkSaveValidity, type Validity } from "./validity.js";

/** The longest content a save accepts. */
export const MAX_CONTENT_CHARACTERS = 20_000;
const MAX_DESCRIPTION_CHARACTERS = 300;

/** A save's input as it may be stored: validated and guarded; throws before anything is written. */
export interface PreparedSave {
  input: SaveMemoryInput;
  name: string;
  description: string;
  content: string;
  type: MemoryType;
  extra: Record<string, string> | undefined;
  validity: Validity;
  redactedSecrets: string[];
}

export function prepareSave(home: HomeContext, input: SaveMemoryInput): PreparedSave {
  const guarded = guardMemoryInput(home, input);
  const { name, description, content } = checkMemoryFields(guarded);
  const type = parseMemoryType(String(input.type));
  const extra = validateExtraFrontmatter(name, input.frontmatter);
  const validity = checkSaveValidity(name, input);
  return {
    input,
    name,
    description,
    content,
    type,
    extra,
    validity,
    redactedSecrets: guarded.redactedSecrets,
  };
}

/**
 * A memory's name, description and content as a save stores them, or the error that refuses them:
 * the rules every way into memories/ shares (a save, and an import of a memory file).
 */
export function checkMemoryFields(fields: { name: string; description: string; content: string }): {
  name: string;
  description: string;
  content: string;
} {
  const name = validateMemoryName(fields.name);
  const description = fields.description.replace(/\s+/g, " ").trim();
  const content = fields.content.replace(/\r\n?/g, "\n").trim();
  if (content === "")
    throw new MnemoError("INVALID_INPUT", `Memory "${name}" has no content; give the text to remember.`);
  if (content.length > MAX_CONTENT_CHARACTERS) {
    throw new MnemoError(
      "TOO_LARGE",
      `Memory "${name}" is ${content.length} characters; the limit is ${MAX_CONTENT_CHARACTERS}. Save the essentials, or split it into several memories.`,
    );
  }
  if (description.length > MAX_DESCRIPTION_CHARACTERS) {
    throw new MnemoError(
      "TOO_LARGE",
      `The description of "${name}" is ${description.length} characters; keep it to one line under ${MAX_DESCRIPTION_CHARACTERS}.`,
    );
  }
  return { name, description, content };
}

/**
 * The name, description and content as they may be stored (see guardSecrets). The name is checked
 * first, as errors quote it, and a name holding a credential is refused even when redaction is asked
 * for: it names the memory's file (refuseSecretInName).
 */
function guardMemoryInput(home: HomeContext, input: SaveMemoryInput) {
  const mode = secretMode(home.config.secrets, input.redactSecrets);
  refuseSecretInName(input.name, "the memory's name");
  const description = guardSecrets(input.description ?? "", {
    field: `the description of memory "${input.name}"`,
    mode,
  });
  const content = guardSecrets(input.content, { field: `the content of memory "${input.name}"`, mode });
  return {
    name: input.name,
    description: description.text,
    content: content.text,
    redactedSecrets: [...description.redactedSecrets, ...content.redactedSecrets],
  };
}

const OWN_FRONTMATTER_KEYS = new Set(["name", "description", "type", "created", "updated", "agent", "run"]);

function validateExtraFrontmatter(
  name: string,
  extra: Record<string, string> | undefined,
): Record<string, string> | undefined {
  for (const key of Object.keys(extra ?? {})) {
    if (!/^[a-z][a-z0-9_]*$/.test(key) || OWN_FRONTMATTER_KEYS.has(key)) {
      throw new MnemoError(
        "INVALID_INPUT",
        `Cannot write frontmatter key "${key}" on memory "${name}": extra keys use lower-case letters, digits and _, and cannot be one of ${[...OWN_FRONTMATTER_KEYS].join(", ")}.`,
      );
    }
  }
  return extra;
}
