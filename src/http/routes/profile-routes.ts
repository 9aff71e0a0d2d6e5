import { z } from "zod";
import { PROFILE_FILES, type ProfileRead } from "../../index.js";
import { memoryAddTool } from "../../tools/memory-add.js";
import { memoryReplaceTool } from "../../tools/memory-replace.js";
import {
  profileChangeOutput,
  profileFileArgument,
  sectionArgument,
  usageOutput,
} from "../../tools/profile-change-result.js";
import { defineRoute } from "../define-route.js";
import { redactSecretsField } from "../redact-secrets-field.js";

/** The always-loaded files (SOUL.md, USER.md, MEMORY.md, today's daily log), read and edited by ## section. */
const TAG = "profile";
const ONE_SECTION = "/v1/profile/{file}/sections/{section}";

const fileParameter = z.object({ file: profileFileArgument });
const sectionParameters = z.object({ file: profileFileArgument, section: sectionArgument });

const profileReadJson = z.object({
  file: z.enum(PROFILE_FILES),
  path: z.string().describe("The file, relative to the memory home."),
  section: z.string().optional(),
  text: z.string().describe("The whole file, or the section's content."),
  sections: z.array(z.string()).describe("The file's ## section names."),
  usage: usageOutput,
});

function toReadJson(read: ProfileRead, section?: string): z.input<typeof profileReadJson> {
  const { file, path, text, sections, usage } = read;
  return { file, path, ...(section === undefined ? {} : { section }), text, sections, usage };
}

export const profileRoutes = [
  defineRoute({
    method: "GET",
    path: "/v1/profile/{file}",
    operationId: "readProfile",
    tag: TAG,
    summary: "Read a whole profile file: soul, user, memory or daily (today's log)",
    params: fileParameter,
    response: profileReadJson,
    errors: [400, 409],
    async handle({ memory, params }) {
      return { body: toReadJson(await memory.profile.read(params.file)) };
    },
  }),
  defineRoute({
    method: "GET",
    path: ONE_SECTION,
    operationId: "readProfileSection",
    tag: TAG,
    summary: "Read one ## section of a profile file",
    params: sectionParameters,
    response: profileReadJson,
    errors: [400, 404, 409],
    async handle({ memory, params }) {
      return { body: toReadJson(await memory.profile.read(params.file, params.section), params.section) };
    },
  }),
  defineRoute({
    method: "POST",
    path: ONE_SECTION,
    operationId: "addToProfileSection",
    tag: TAG,
    summary: "Append text to a ## section (created when missing)",
    description:
      "What no longer fits the file's character budget is moved to archive/; the answer says what.",
    params: sectionParameters,
    // The HTTP body keeps the name it has always had; the tool's argument follows seed 002 (content).
    body: z.object({ text: memoryAddTool.input.shape.content, redactSecrets: redactSecretsField }).strict(),
    response: profileChangeOutput,
    errors: [400, 409, 413, 422],
    async handle({ memory, params, body }) {
      const { text, redactSecrets } = body;
      return { body: await memory.profile.add(params.file, params.section, text, { redactSecrets }) };
    },
  }),
  defineRoute({
    method: "PATCH",
    path: ONE_SECTION,
    operationId: "replaceInProfileSection",
    tag: TAG,
    summary: "Replace text that occurs exactly once in a ## section (empty new_text deletes it)",
    params: sectionParameters,
    body: memoryReplaceTool.input
      .pick({ old_text: true, new_text: true })
      .extend({ redactSecrets: redactSecretsField }),
    response: profileChangeOutput,
    errors: [400, 404, 409, 413, 422],
    async handle({ memory, params, body }) {
      const change = await memory.profile.replace(params.file, {
        section: params.section,
        oldText: body.old_text,
        newText: body.new_text,
        redactSecrets: body.redactSecrets,
      });
      return { body: change };
    },
  }),
  defineRoute({
    method: "DELETE",
    path: ONE_SECTION,
    operationId: "removeProfileSection",
    tag: TAG,
    summary: "Remove a whole ## section (its text goes to archive/)",
    params: sectionParameters,
    response: profileChangeOutput,
    errors: [400, 404, 409],
    async handle({ memory, params }) {
      return { body: await memory.profile.remove(params.file, params.section) };
    },
  }),
];
