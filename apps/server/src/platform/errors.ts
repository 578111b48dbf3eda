import { ErrorCode, type ErrorCodeValue, errorCatalog } from '@picbook/contracts';

/**
 * The one error type of the API. `code` comes from the registry in @picbook/contracts, which
 * also decides the HTTP status and the default message.
 */
export class AppError extends Error {
  readonly code: ErrorCodeValue;
  readonly httpStatus: number;
  /** What the client needs with this error (field for 10001, a ticket for 12000 …). */
  readonly data: Record<string, unknown> | null;

  constructor(
    code: ErrorCodeValue,
    message?: string,
    options?: { field?: string; data?: Record<string, unknown>; cause?: unknown },
  ) {
    const info = errorCatalog[code];
    super(message ?? info.msg, options?.cause ? { cause: options.cause } : undefined);
    this.name = 'AppError';
    this.code = code;
    this.httpStatus = info.http;
    const data = { ...options?.data, ...(options?.field ? { field: options.field } : {}) };
    this.data = Object.keys(data).length > 0 ? data : null;
  }
}

/** Throws AppError(code) unless `condition` holds. */
export function assertThat(
  condition: unknown,
  code: ErrorCodeValue,
  message?: string,
): asserts condition {
  if (!condition) throw new AppError(code, message);
}

export function invalidParams(field: string, reason: string): AppError {
  return new AppError(ErrorCode.InvalidParams, `参数错误：${field} ${reason}`, { field });
}
