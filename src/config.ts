/**
 * mnemo/config: the configuration schema, its file name and the loaded config's types.
 */

export type { SearchConfig } from "./engine/config/schema.js";
export { configSchema, MEMORY_TARGET } from "./engine/config/schema.js";
export type { LoadConfigOptions, LoadedConfig } from "./load-config.js";
export { CONFIG_FILE_NAME } from "./rules/config-file.js";
