import type { AgentMessage } from "../../contracts/message-store.js";
import { MnemoError } from "../../errors.js";

/** Larger messages are refused: they are conversation turns, not documents. */
export const MAX_MESSAGE_CONTENT_BYTES = 100 * 1024;
const MAX_ROLE_ID_LENGTH = 200;

export function validateRoleId(roleId: unknown): asserts roleId is string {
  if (typeof roleId !== "string" || roleId.trim() === "") {
    throw new MnemoError(
      "INVALID_INPUT",
      "The role id is missing: pass the name of the agent role whose memory this is.",
    );
  }
  if (roleId.length > MAX_ROLE_ID_LENGTH) {
    throw new MnemoError(
      "INVALID_INPUT",
      `The role id "${roleId.slice(0, 40)}…" is longer than ${MAX_ROLE_ID_LENGTH} characters; use a shorter name.`,
    );
  }
}

/** Checks a message that comes from a caller (typed or not) before it reaches memory or storage. */
export function validateMessage(message: unknown): asserts message is AgentMessage {
  if (typeof message !== "object" || message === null) {
    throw new MnemoError(
      "INVALID_INPUT",
      "A message must be an object with id, role, content, causeBy, sentFrom, sendTo and createdAt.",
    );
  }
  const candidate = message as Partial<Record<keyof AgentMessage, unknown>>;
  if (typeof candidate.id !== "string" || candidate.id.trim() === "") {
    throw new MnemoError("INVALID_INPUT", "A message has no id: give every message a unique, non-empty id.");
  }
  const name = `Message "${candidate.id}"`;
  if (typeof candidate.role !== "string" || candidate.role.trim() === "") {
    throw new MnemoError(
      "INVALID_INPUT",
      `${name} has no role: set role to who wrote it (e.g. "user" or a role's name).`,
    );
  }
  if (typeof candidate.content !== "string" || candidate.content.trim() === "") {
    throw new MnemoError("INVALID_INPUT", `${name} has empty content; there is nothing to remember.`);
  }
  const bytes = Buffer.byteLength(candidate.content, "utf8");
  if (bytes > MAX_MESSAGE_CONTENT_BYTES) {
    throw new MnemoError(
      "TOO_LARGE",
      `${name} has ${bytes} bytes of content, more than the ${MAX_MESSAGE_CONTENT_BYTES} a message may have; store large documents as files and send a reference.`,
    );
  }
  for (const field of ["causeBy", "sentFrom"] as const) {
    if (typeof candidate[field] !== "string") {
      throw new MnemoError(
        "INVALID_INPUT",
        `${name} has no ${field}: it must be a string (it may be empty).`,
      );
    }
  }
  if (!Array.isArray(candidate.sendTo) || !candidate.sendTo.every((item) => typeof item === "string")) {
    throw new MnemoError(
      "INVALID_INPUT",
      `${name} has an invalid sendTo: it must be an array of role names (it may be empty).`,
    );
  }
  if (!(candidate.createdAt instanceof Date) || Number.isNaN(candidate.createdAt.getTime())) {
    throw new MnemoError("INVALID_INPUT", `${name} has no valid createdAt: it must be a valid Date.`);
  }
}
