import { ErrorCode, errorCatalog } from '@picbook/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors';
import { wantsSpa } from '../web/web.plugin';

interface ValidationIssue {
  instancePath?: string;
  message?: string;
}

/** Maps every failure to the envelope: AppError as registered, validation as 400/10001, rest 500. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    // Business failures travel as HTTP 200 too; they must not meet the success schema.
    reply.serializer(JSON.stringify);
    if (error instanceof AppError) {
      if (error.httpStatus >= 500) request.log.error({ err: error }, 'app error');
      return reply.status(error.httpStatus).send({
        code: error.code,
        msg: error.message,
        data: error.data,
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = (error.validation as ValidationIssue[])[0];
      const where = error.validationContext ?? 'body';
      const field = fieldName(issue, where);
      const reason = issue?.message ?? '格式不正确';
      return reply.status(400).send({
        code: ErrorCode.InvalidParams,
        msg: `参数错误：${field} ${reason}`,
        data: { field },
      });
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return sendCode(reply, ErrorCode.PayloadTooLarge);
    // Static files: a folder or a forbidden path is simply not there.
    if (status === 403 || status === 404) return sendCode(reply, ErrorCode.RouteNotFound);
    if (status === 429) return sendCode(reply, ErrorCode.TooManyRequests);
    if (status >= 400 && status < 500) {
      // Malformed JSON, wrong content type and the like: the client's fault, said plainly.
      return reply.status(400).send({
        code: ErrorCode.InvalidParams,
        msg: `参数错误：${clientErrorReason(error)}`,
        data: null,
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({
      code: ErrorCode.Internal,
      msg: `${errorCatalog[ErrorCode.Internal].msg}（${request.id}）`,
      data: { request_id: request.id },
    });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.serializer(JSON.stringify);
    if (app.serveSpa && wantsSpa(request)) return app.serveSpa(request, reply);
    request.log.info({ url: request.url }, 'route not found');
    return sendCode(reply, ErrorCode.RouteNotFound);
  });
}

function sendCode(
  reply: { status(n: number): { send(b: unknown): unknown } },
  code: (typeof ErrorCode)[keyof typeof ErrorCode],
) {
  const info = errorCatalog[code];
  return reply.status(info.http).send({ code, msg: info.msg, data: null });
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
