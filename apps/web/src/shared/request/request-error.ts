/** A failed request as the spec's catalogue describes it: `code` and the message shown. */
export class RequestError extends Error {
  constructor(
    /** Business code from the envelope, the HTTP status, -1 (fetch failure), 0 or 408 (timeout). */
    readonly code: number,
    message: string,
    /** HTTP status, 0 when no response arrived. */
    readonly status: number,
    readonly requestId?: string,
    /** The envelope's data of a business failure (e.g. the ticket of 12000). */
    readonly data?: Record<string, unknown> | null,
  ) {
    super(message);
    this.name = 'RequestError';
  }
}

export const isRequestError = (e: unknown): e is RequestError => e instanceof RequestError;

/** No answer arrived (offline, refused, timed out): the network failed, not the server. */
export const isNetworkFailure = (e: unknown): boolean => isRequestError(e) && e.status === 0;
