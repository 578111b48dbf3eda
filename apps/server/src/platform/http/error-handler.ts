import { ErrorCode, type ErrorCodeValue, errorCatalog } from '@picbook/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors';
import { wantsSpa } from '../web/web.plugin';

interface ValidationIssue {
  instancePath?: string;
  message?: string;
}

export interface Envelope {
  code: number;
  msg: string;
  data: unknown;
}

/**
 * The one way an error leaves the server: the `{code, msg, data}` envelope as JSON (a reply
 * serializer of its own, so business failures never meet the success schema), with a
 * Retry-After header when the client is told to wait.
 */
export function sendEnvelope(reply: FastifyReply, status: number, body: Envelope): FastifyReply {
  const retryAfter = (body.data as { retry_after?: unknown } | null)?.retry_after;
  if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
  return reply
    .serializer(JSON.stringify)
    .type('application/json; charset=utf-8')
    .status(status)
    .send(body);
}

/** The registry's status and message for `code`, with `data`. */
export function sendCode(reply: FastifyReply, code: ErrorCodeValue, data: unknown = null) {
  const info = errorCatalog[code];
  return sendEnvelope(reply, info.http, { code, msg: info.msg, data });
}

const invalid = (reply: FastifyReply, reason: string, field: string | null = null) =>
  sendEnvelope(reply, 400, {
    code: ErrorCode.InvalidParams,
    msg: `参数错误：${reason}`,
    data: field ? { field } : null,
  });

/** Maps every failure to the envelope: AppError as registered, validation as 400/10001, rest 500. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.httpStatus >= 500) request.log.error({ err: error }, 'app error');
      return sendEnvelope(reply, error.httpStatus, {
        code: error.code,
        msg: error.message,
        data: error.data,
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = (error.validation as ValidationIssue[])[0];
      const where = error.validationContext ?? 'body';
      const field = fieldName(issue, where);
      return invalid(reply, `${field} ${issue?.message ?? '格式不正确'}`, field);
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return sendCode(reply, ErrorCode.PayloadTooLarge);
    // Static files: a folder or a forbidden path is simply not there.
    if (status === 403 || status === 404) return sendCode(reply, ErrorCode.RouteNotFound);
    if (status === 429) return sendCode(reply, ErrorCode.TooManyRequests);
    // Malformed JSON, wrong content type and the like: the client's fault, said plainly.
    if (status >= 400 && status < 500) return invalid(reply, clientErrorReason(error));
    request.log.error({ err: error }, 'unhandled error');
    return sendEnvelope(reply, 500, {
      code: ErrorCode.Internal,
      msg: `${errorCatalog[ErrorCode.Internal].msg}（${request.id}）`,
      data: { request_id: request.id },
    });
  });

  app.setNotFoundHandler((request, reply) => {
    if (app.serveSpa && wantsSpa(request)) return app.serveSpa(request, reply);
    request.log.info({ url: request.url }, 'route not found');
    return sendCode(reply, ErrorCode.RouteNotFound);
  });
}

/**
 * Fastify's `frameworkErrors`: failures the router meets before any route or hook runs (a URL
 * that does not decode, a path parameter past maxParamLength) get the envelope too.
 */
export function frameworkErrors(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  reply.header('x-request-id', request.id).header('x-content-type-options', 'nosniff');
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    invalid(reply, '地址中的参数太长', 'params');
  } else if (error.code === 'FST_ERR_BAD_URL') {
    invalid(reply, '地址不是有效的 URL 编码', 'url');
  } else {
    request.log.error({ err: error }, 'router error');
    sendCode(reply, ErrorCode.Internal, { request_id: request.id });
  }
}

function fieldName(issue: ValidationIssue | undefined, where: string): string {
  const instancePath = issue?.instancePath?.replace(/^\//, '').replaceAll('/', '.');
  return instancePath || where;
}

function clientErrorReason(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return '不支持的内容类型';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return '请求体为空';
    default:
      return error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
        ? '请求体不是有效的 JSON'
        : '请求格式不正确';
  }
}
