import { ErrorCode, type ErrorCodeValue, errorCatalog } from '@picbook/contracts';

/**
 * The one error type of the API. `code` comes from the registry in @picbook/contracts, which
 * also decides the HTTP status and the default message.
 */
export class AppError extends Error {
  readonly code: ErrorCodeValue;
  readonly httpStatus: number;
  readonly field: string | undefined;

  constructor(
    code: ErrorCodeValue,
    message?: string,
    options?: { field?: string; cause?: unknown },
  ) {
    const info = errorCatalog[code];
    super(message ?? info.msg, options?.cause ? { cause: options.cause } : undefined);
    this.name = 'AppError';
    this.code = code;
    this.httpStatus = info.http;
    this.field = options?.field;
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
