/** Bytes `start`..`end` of an object, both inclusive (as in HTTP Range). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface ObjectInfo {
  /** Whole object size in bytes. */
  size: number;
  contentType: string;
}

export interface StoredObject extends ObjectInfo {
  /** The whole object, or only the requested range (then `size` is still the whole size). */
  body: Buffer;
}

/**
 * Where uploaded files live: a local folder (one machine) or an S3-compatible bucket (several
 * API processes). Keys are server-chosen (`rec/<32 hex>.wav`, see keys.ts); every method refuses
 * other keys by throwing InvalidObjectKeyError before touching the store.
 */
export interface ObjectStorage {
  readonly kind: 'local' | 's3';
  /** Stores the whole object at once; readers never see a partial write. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /**
   * The object, or null when there is none. With `range` only those bytes are read; it must lie
   * within the object (take the size from `head` first).
   */
  get(key: string, range?: ByteRange): Promise<StoredObject | null>;
  /** Size and content type without the bytes, or null when there is no such object. */
  head(key: string): Promise<ObjectInfo | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the object; removing one that is not there is not an error. */
  delete(key: string): Promise<void>;
}

/** A failure of the store itself (refused credentials, missing bucket, outage). */
export class ObjectStorageError extends Error {
  constructor(
    message: string,
    /** The store's error code (S3 `Code`, e.g. SignatureDoesNotMatch) or a local errno. */
    readonly code: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ObjectStorageError';
  }
}
