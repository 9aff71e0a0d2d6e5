import type { ScopeStack } from "../../scopes.js";
import type { AnyCliCommand, CommonOptions, RenderContext, ScopedRun } from "./cli-command.js";
import { EXIT_CODES, printNote, writeJson } from "./output.js";

/**
 * The CLI's rule for a stack of homes (docs/scopes.md): a command that can work on one runs on the
 * stack when a project `.mnemo/` is found above the working folder, or the user home's config names
 * a team layer (`scopes.team`), and the command line chose no home of its own (--home, --store,
 * --home-id, $MNEMO_STORE) nor --no-scopes. $MNEMO_HOME names the stack's user layer. Otherwise:
 * the one home, as always.
 */
export async function openScopesFor(
  unit: AnyCliCommand,
  options: CommonOptions,
): Promise<ScopeStack | undefined> {
  if (!unit.scoped || options.scopes === false) return undefined;
  if (options.home !== undefined || options.store !== undefined || options.homeId !== undefined)
    return undefined;
  if (process.env.MNEMO_STORE) return undefined;
  const { openStackAt } = await import("../../open-scopes.js");
  return openStackAt(process.cwd(), authorOf(options, process.env));
}

/** Runs a command's scoped work on the open stack and prints it as the runner prints one home's. */
export async function runOnScopes(
  unit: AnyCliCommand,
  input: unknown,
  scopes: ScopeStack,
  options: CommonOptions,
): Promise<number> {
  const scoped = unit.scoped as ScopedRun<unknown, unknown>;
  const context = scopesRenderContext(scopes);
  const print = (data: unknown) => {
    if (options.json) return writeJson(data);
    const text = scoped.render(data, context);
    if (text !== "") process.stdout.write(text.endsWith("\n") ? text : `${text}\n`);
  };
  const data = await scoped.run(input, { scopes, print });
  if (data !== undefined) print(data);
  for (const note of scoped.notes?.(data, input, { ...context, json: options.json === true }) ?? [])
    printNote(note);
  return scoped.exitCode?.(data, input) ?? EXIT_CODES.ok;
}

/** Paths in scoped data are relative to the home of their layer: `locate` gives the session home's. */
function scopesRenderContext(scopes: ScopeStack): RenderContext {
  const home = scopes.sessionHome;
  return { locate: (path) => home.store.locate(path), home: home.home, now: new Date() };
}

/** The writer of the command line: --agent and --run, else $MNEMO_AGENT and $MNEMO_RUN. */
export function authorOf(options: CommonOptions, env: NodeJS.ProcessEnv): { agent?: string; run?: string } {
  const agent = options.agent ?? (env.MNEMO_AGENT || undefined);
  const run = options.run ?? (env.MNEMO_RUN || undefined);
  return { ...(agent === undefined ? {} : { agent }), ...(run === undefined ? {} : { run }) };
}
