import { createRoute, z } from "@hono/zod-openapi";
import { PROFILE_FILES, type ProfileRead } from "../../../index.js";
import { memoryAddTool } from "../../../session/tools/memory-add.js";
import { memoryReplaceTool } from "../../../session/tools/memory-replace.js";
import {
  profileChangeOutput,
  profileFileArgument,
  sectionArgument,
  usageOutput,
} from "../../../session/tools/profile-change-result.js";
import { apiRoute, errorResponses, jsonBody, jsonResponse } from "../api-route.js";
import { redactSecretsField } from "../redact-secrets-field.js";

/** The always-loaded files (SOUL.md, USER.md, MEMORY.md, today's daily log), read and edited by ## section. */
const tags = ["profile"];
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

const changed = jsonResponse(profileChangeOutput);

export const profileRoutes = [
  apiRoute(
    createRoute({
      method: "get",
      path: "/v1/profile/{file}",
      operationId: "readProfile",
      tags,
      summary: "Read a whole profile file: soul, user, memory or daily (today's log)",
      request: { params: fileParameter },
      responses: {
        200: jsonResponse(profileReadJson),
        ...errorResponses([400, 409]),
      },
    }),
    async (c) => c.json(toReadJson(await c.var.memory.profile.read(c.req.valid("param").file)), 200),
  ),
  apiRoute(
    createRoute({
      method: "get",
      path: ONE_SECTION,
      operationId: "readProfileSection",
      tags,
      summary: "Read one ## section of a profile file",
      request: { params: sectionParameters },
      responses: {
        200: jsonResponse(profileReadJson),
        ...errorResponses([400, 404, 409]),
      },
    }),
    async (c) => {
      const { file, section } = c.req.valid("param");
      return c.json(toReadJson(await c.var.memory.profile.read(file, section), section), 200);
    },
  ),
  apiRoute(
    createRoute({
      method: "post",
      path: ONE_SECTION,
      operationId: "addToProfileSection",
      tags,
      summary: "Append text to a ## section (created when missing)",
      description:
        "What no longer fits the file's character budget is moved to archive/; the answer says what.",
      request: {
        params: sectionParameters,
        // The HTTP body keeps the name it has always had; the tool's argument follows seed 002 (content).
        body: jsonBody(
          z.object({ text: memoryAddTool.input.shape.content, redactSecrets: redactSecretsField }).strict(),
        ),
      },
      responses: { 200: changed, ...errorResponses([400, 409, 413, 422], { body: true }) },
    }),
    async (c) => {
      const { file, section } = c.req.valid("param");
      const { text, redactSecrets } = c.req.valid("json");
      return c.json(await c.var.memory.profile.add(file, section, text, { redactSecrets }), 200);
    },
  ),
  apiRoute(
    createRoute({
      method: "patch",
      path: ONE_SECTION,
      operationId: "replaceInProfileSection",
      tags,
      summary: "Replace text that occurs exactly once in a ## section (empty new_text deletes it)",
      request: {
        params: sectionParameters,
        body: jsonBody(
          memoryReplaceTool.input
            .pick({ old_text: true, new_text: true })
            .extend({ redactSecrets: redactSecretsField }),
        ),
      },
      responses: { 200: changed, ...errorResponses([400, 404, 409, 413, 422], { body: true }) },
    }),
    async (c) => {
      const { file, section } = c.req.valid("param");
      const body = c.req.valid("json");
      const change = await c.var.memory.profile.replace(file, {
        section,
        oldText: body.old_text,
        newText: body.new_text,
        redactSecrets: body.redactSecrets,
      });
      return c.json(change, 200);
    },
  ),
  apiRoute(
    createRoute({
      method: "delete",
      path: ONE_SECTION,
      operationId: "removeProfileSection",
      tags,
      summary: "Remove a whole ## section (its text goes to archive/)",
      request: { params: sectionParameters },
      responses: { 200: changed, ...errorResponses([400, 404, 409]) },
    }),
    async (c) => {
      const { file, section } = c.req.valid("param");
      return c.json(await c.var.memory.profile.remove(file, section), 200);
    },
  ),
];
