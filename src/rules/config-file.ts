/** The home's config file, beside its Markdown: read by the composition root, kept out of exports by the transfer rules. */
export const CONFIG_FILE_NAME = "config.json";
