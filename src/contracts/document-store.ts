/**
 * Where the memory home's documents live. Paths are relative, "/"-separated and never leave the
 * home (`memories/user_go.md`, `daily/2026-11-22.md`). The file-system store is the default; a
 * database store keeps the same documents as rows.
 */
export interface DocumentInfo {
  path: string;
  modifiedAt: Date;
  size: number;
  /**
   * Changes on every write to the document, even one that keeps its size and sets its modification
   * time back (for files: the inode number and inode change time, which no program can set).
   * Compared for equality only; a store without one leaves it out.
   */
  changeStamp?: string;
}

export interface ListOptions {
  namePrefixes?: readonly string[];
}

export interface DocumentReader {
  /** The whole document, or undefined when it does not exist. */
  read(path: string): Promise<string | undefined>;
  /** At most the first `maxBytes` bytes (cut at a character boundary), or undefined. */
  readHead(path: string, maxBytes: number): Promise<string | undefined>;
  /**
   * Documents directly inside `directory` ("" for the top level), hidden and temporary files left out;
   * with `namePrefixes`, only those whose file name starts with one of them (a save looks its name
   * up among a few files, at a cost that does not grow with the folder).
   */
  list(directory: string, options?: ListOptions): Promise<DocumentInfo[]>;
  /**
   * A value that changes whenever a document is added to, removed from or renamed into the folder
   * (every write of mnemo's is a rename), or undefined when the folder does not exist. Cheap: lets
   * the search index skip listing folders nothing was written to.
   */
  folderStamp(directory: string): Promise<string | undefined>;
  /**
   * True when a folder's stamp also changes on every rewrite of a document already in it (a database
   * store, which every write goes through): the stamps then tell every change, and the search index
   * needs no periodic full pass to find edits written in place. Left out where an editor can change
   * a file without the folder noticing (files).
   */
  readonly everyWriteChangesFolderStamp?: boolean;
}

export interface DocumentWriter extends DocumentReader {
  /** Replaces the document as a whole: a reader sees the old or the new content, never a mix. */
  write(path: string, content: string): Promise<void>;
  /** Returns false when there was nothing to remove. */
  remove(path: string): Promise<boolean>;
}

/** Something a killed writer left behind that holds no acknowledged text (a temporary file, a dead lock). */
export interface StoreLeftover {
  path: string;
  description: string;
}

export interface DocumentStore extends DocumentReader {
  /**
   * Runs `work` with exclusive write access to the whole home, across processes. Reads inside the
   * transaction see every earlier writer's result, so a writer that re-reads before it writes merges
   * instead of overwriting.
   */
  transaction<T>(work: (writer: DocumentWriter) => Promise<T>): Promise<T>;
  /** One document's size and modification time, as `list` gives them, or undefined when it does not exist. */
  info(path: string): Promise<DocumentInfo | undefined>;
  /** A location a person can open (an absolute file path for the file-system store). */
  locate(path: string): string;
  /** What killed writers left behind; a store whose writes leave nothing returns []. */
  leftovers(): Promise<StoreLeftover[]>;
  /** Removes those leftovers (taking the write lock, so nothing in flight is touched); returns them. */
  cleanLeftovers(): Promise<StoreLeftover[]>;
}
