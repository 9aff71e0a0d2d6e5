import type { ApiRoute } from "../api-route.js";
import { archiveRoutes } from "./archive-routes.js";
import { contextRoutes } from "./context-routes.js";
import { conversationRoutes } from "./conversation-routes.js";
import { journalRoutes } from "./journal-routes.js";
import { memoriesRoutes } from "./memories-routes.js";
import { profileRoutes } from "./profile-routes.js";
import { searchRoutes } from "./search-routes.js";
import { sessionRoutes } from "./session-routes.js";
import { statusRoutes } from "./status-routes.js";

/** Every endpoint of the HTTP API, in the order the OpenAPI document lists them. */
export const API_ROUTES: readonly ApiRoute[] = [
  ...memoriesRoutes,
  ...profileRoutes,
  ...journalRoutes,
  ...conversationRoutes,
  ...searchRoutes,
  ...contextRoutes,
  ...archiveRoutes,
  ...sessionRoutes,
  ...statusRoutes,
];
