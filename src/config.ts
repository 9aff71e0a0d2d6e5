/**
 * mnemo/config: the configuration schema, its file name and the loaded config's types.
 */

export type { LoadConfigOptions, LoadedConfig } from "./engine/config/load-config.js";
export { CONFIG_FILE_NAME } from "./engine/config/load-config.js";
export type { SearchConfig } from "./engine/config/schema.js";
export { configSchema, MEMORY_TARGET } from "./engine/config/schema.js";
