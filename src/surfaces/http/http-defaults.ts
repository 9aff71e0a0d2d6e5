/** The HTTP API's defaults, apart so that the CLI's help can show them without loading the server. */
export const DEFAULT_HTTP_HOST = "127.0.0.1";
export const DEFAULT_HTTP_PORT = 7077;
/** Default request-size limit: 1 MiB, far above what any memory write accepts. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
/** Homes a server of many homes keeps open between requests (each holds its search index's database and vectors). */
export const DEFAULT_MAX_OPEN_HOMES = 64;
