import type { TokenGrant } from "../../contracts/token-registry.js";
import type { MemoryHome } from "../../engine/memory-home.js";
import { chooseHome, noSuchHome } from "../../engine/tenancy/home-choice.js";
import { HomePool } from "../../engine/tenancy/home-pool.js";
import type { MemoryHomes } from "../../engine/tenancy/memory-homes.js";
import { MnemoError } from "../../errors.js";
import { type AccessRequest, bearerTokenOf, checkAccess } from "./access-check.js";
import { HttpError } from "./http-error.js";
import type { MountedHandler } from "./mounted-handler.js";

/**
 * Who may use a server, and which memory home each request reaches. One home: the server's token
 * (or loopback only) and always that home. Many homes: every request carries a token of the
 * registry, and reaches only a home that token names (engine/tenancy/home-choice.ts).
 */
export interface ServedHome {
  memory: MemoryHome;
  /** Answers /mcp for this home; undefined when the server serves no MCP. */
  mcp: MountedHandler | undefined;
}

export interface HomeLease {
  home: ServedHome;
  /** Many homes: the id of the home the request reached (chosen from its token alone). */
  homeId?: string;
  release(): void;
}

export interface ServerAccess {
  /** Refuses (401, 403) a request that may not use the server at all; else the token's grant, if any. */
  authenticate(request: AccessRequest): Promise<TokenGrant | undefined>;
  /** The home of a request to a home's endpoints, held until it is answered; `requestedHome` is the Mnemo-Home header. */
  lease(grant: TokenGrant | undefined, requestedHome: string | undefined): Promise<HomeLease>;
  /** Whether /mcp is answered. */
  serveMcp: boolean;
  /** Whether every request needs a bearer token (the web browser's page files are then served without one). */
  tokenRequired: boolean;
  /** Many homes: what admin endpoints change. */
  homes?: MemoryHomes;
  /** Frees what the access holds (the open homes); the server's requests must be finished. */
  close(): Promise<void>;
}

export function oneHomeAccess(
  memory: MemoryHome,
  token: string | undefined,
  mcp: MountedHandler | undefined,
): ServerAccess {
  const lease: HomeLease = { home: { memory, mcp }, release: () => undefined };
  return {
    authenticate: async (request) => {
      checkAccess(request, token);
      return undefined;
    },
    lease: async () => lease,
    serveMcp: mcp !== undefined,
    tokenRequired: token !== undefined,
    close: async () => undefined,
  };
}

/** One home's MCP handler, closed with the home. */
type HomeMcpHandler = MountedHandler & { close(): Promise<void> };

export interface ManyHomesAccessOptions {
  homes: MemoryHomes;
  /** Homes kept open between requests (least recently used closed first). */
  maxOpenHomes: number;
  /** The MCP handler of one home (`createMcpHttpHandler` from `mnemo/mcp`), or none. */
  mcp?: (memory: MemoryHome) => HomeMcpHandler;
  onError: (error: unknown) => void;
}

export function manyHomesAccess(options: ManyHomesAccessOptions): ServerAccess {
  const { homes, mcp } = options;
  const pool = new HomePool<{ memory: MemoryHome; mcp: HomeMcpHandler | undefined }>({
    maxOpen: options.maxOpenHomes,
    open: async (homeId) => {
      const memory = await homes.openHome(homeId);
      return { memory, mcp: mcp?.(memory) };
    },
    close: async ({ memory, mcp: handler }) => {
      await handler?.close();
      await memory.close();
    },
    onError: options.onError,
  });
  // Before authentication, an operator's problem (a hand-broken token file) is logged, not described to the caller.
  const verify = (token: string) =>
    homes.verifyToken(token).catch((error: unknown) => {
      options.onError(error);
      throw new HttpError(
        503,
        "IO",
        "The server cannot read its tokens right now; the server log has the details.",
      );
    });
  return {
    authenticate: async (request) => {
      const token = bearerTokenOf(request.authorization);
      const grant = token === undefined ? undefined : await verify(token);
      if (grant) return grant;
      const problem =
        request.authorization === undefined ? "is missing" : "is not a token of this server, or was revoked";
      // Its own realm: the web browser's token form tells a tenant what applies here (an issued token, not --token).
      throw new HttpError(
        401,
        "UNAUTHORIZED",
        `The bearer token ${problem}: send "Authorization: Bearer <token>" with a token issued for this server (mnemo tokens create).`,
        { "www-authenticate": 'Bearer realm="mnemo homes"' },
      );
    },
    lease: async (grant, requestedHome) => {
      if (!grant) throw new MnemoError("NOT_FOUND", "No memory home for a request without a token.");
      const homeId = chooseHome(grant, requestedHome);
      return pool.lease(homeId).then(
        (lease) => ({ ...lease, homeId }),
        (error: unknown) => {
          // A home the token names but nobody created (or that was moved away) looks like any other missing home.
          throw MnemoError.isInstance(error) && error.code === "NOT_FOUND" ? noSuchHome(homeId) : error;
        },
      );
    },
    serveMcp: mcp !== undefined,
    tokenRequired: true,
    homes,
    close: () => pool.close(),
  };
}
