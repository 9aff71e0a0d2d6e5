/**
 * Keeps a session's log (.sessions/<id>.json, see engine/sessions/session-log.ts) up to date as the
 * session goes on: the frozen block at start, each turn's relevant memories, each write, and what
 * the extraction saved at the end. Saves run one after another in the background; a failed save is
 * a warning, never a failed turn. With memory disabled nothing is recorded.
 */
import type { MemoryHome } from "../../engine/memory-home.js";
import {
  frozenBlock,
  newSessionLog,
  recordedTurn,
  recordedWrite,
  type SessionExtraction,
  type SessionLog,
  type SessionTurn,
  withEvent,
} from "../../engine/sessions/session-log.js";
import { isSessionId, saveSessionLog } from "../../engine/sessions/session-logs.js";
import { errorMessage } from "../../errors.js";
import { writeWarning } from "../../rules/write-warning.js";
import type { ExtractionReport } from "../extraction/extract-session.js";

export interface SessionRecorderOptions {
  memory: MemoryHome;
  sessionId: string;
  source: SessionLog["source"];
  client?: string;
  now?: () => Date;
  onWarning?: (message: string) => void;
}

export class SessionRecorder {
  private log: SessionLog;
  private saving: Promise<void> = Promise.resolve();
  private warned = false;
  private readonly options: SessionRecorderOptions;
  /** A session id that cannot name a file is not recorded (extraction refuses it too). */
  private readonly recordable: boolean;

  constructor(options: SessionRecorderOptions) {
    this.options = options;
    this.log = newSessionLog({ ...options, startedAt: this.now() });
    this.recordable = isSessionId(options.sessionId);
    if (options.memory.enabled && !this.recordable)
      this.warn(new Error(`the session id ${JSON.stringify(options.sessionId)} cannot name a file`));
  }

  get sessionId(): string {
    return this.log.sessionId;
  }

  /** The block the agent was given at start (MCP: when the client asked for the session context). */
  frozen(text: string): void {
    this.update({ ...this.log, frozen: frozenBlock(text) });
  }

  turn(message: string, relevant: SessionTurn["relevant"]): void {
    this.update(withEvent(this.log, { turn: recordedTurn(this.now(), message, relevant) }));
  }

  wrote(tool: string, args: string, result: string): void {
    this.update(withEvent(this.log, { write: recordedWrite(this.now(), tool, args, result) }));
  }

  ended(report?: ExtractionReport): void {
    this.update({
      ...this.log,
      endedAt: this.now().toISOString(),
      ...(report === undefined ? {} : { extraction: extractionRecord(report) }),
    });
  }

  /** Resolves once every change so far is on disk (or was reported as a warning). */
  flush(): Promise<void> {
    return this.saving;
  }

  private update(log: SessionLog): void {
    this.log = log;
    if (!this.options.memory.enabled || !this.recordable) return;
    const { store } = this.options.memory;
    this.saving = this.saving.then(() => saveSessionLog(store, this.log).catch((error) => this.warn(error)));
  }

  private warn(error: unknown): void {
    if (this.warned) return;
    this.warned = true;
    const message = `the session log could not be saved: ${errorMessage(error)}`;
    (this.options.onWarning ?? writeWarning)(message);
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }
}

/** What the log keeps of an extraction: what was written, the rest counted. */
function extractionRecord(report: ExtractionReport): SessionExtraction {
  const { written, skipped, superseded, summaryAppended, pending, error } = report;
  return {
    written,
    skipped: skipped.length,
    superseded: superseded.length,
    summaryAppended,
    ...(pending === undefined ? {} : { pending }),
    ...(error === undefined ? {} : { error }),
  };
}
