import fastifyMultipart from '@fastify/multipart';
import { ErrorCode } from '@picbook/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, invalidParams } from '../errors';
import { refuseNulBytes } from './nul-bytes';

/** Largest file part any multipart endpoint takes (a minute of 16 kHz PCM is 1.9 MB). */
export const MULTIPART_MAX_FILE_BYTES = 4 * 1024 * 1024;

export async function registerMultipart(app: FastifyInstance): Promise<void> {
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: MULTIPART_MAX_FILE_BYTES,
      files: 1,
      fields: 20,
      fieldSize: 8 * 1024,
      parts: 21,
    },
  });
}

export interface MultipartInput<T> {
  fields: T;
  /** The one file part, when sent (its field name is `fileField`). */
  file: { buffer: Buffer; mimetype: string; filename: string } | null;
}

/**
 * Reads a multipart/form-data request of an endpoint that declares `multipart` in the contract:
 * text fields validated with its schema (messages name the field like every 10001), at most one
 * file part under its file name, capped at `maxFileBytes` while streaming (never buffered past
 * the cap).
 */
export async function readMultipart<S extends z.ZodType>(
  request: FastifyRequest,
  endpoint: { multipart: { fields: S; file: string } },
  maxFileBytes: number,
  tooLarge = `音频太大了（最多 ${Math.floor(maxFileBytes / 1024)} KB）`,
): Promise<MultipartInput<z.infer<S>>> {
  const { fields: schema, file: fileField } = endpoint.multipart;
  if (!request.isMultipart()) {
    throw new AppError(ErrorCode.InvalidParams, '参数错误：请以 multipart/form-data 上传', {
      field: fileField,
    });
  }
  const raw: Record<string, string> = {};
  let file: MultipartInput<unknown>['file'] = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxFileBytes } })) {
      if (part.type === 'file') {
        if (part.fieldname !== fileField || file) {
          await part.toBuffer().catch(() => undefined);
          throw invalidParams(part.fieldname, '不是可上传的文件字段');
        }
        const buffer = await part.toBuffer();
        file = { buffer, mimetype: part.mimetype, filename: part.filename };
      } else {
        raw[part.fieldname] = String(part.value ?? '');
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(ErrorCode.PayloadTooLarge, tooLarge, { field: fileField });
    }
    // Anything else went wrong while parsing the client's bytes (no boundary, a truncated or
    // malformed body, a dropped connection): the request's fault, never a 500.
    throw new AppError(ErrorCode.InvalidParams, '参数错误：上传内容格式不正确', {
      field: fileField,
      cause: error,
    });
  }
  refuseNulBytes(raw, fileField);
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join('.') || fileField;
    throw invalidParams(field, issue?.message ?? '不正确');
  }
  return { fields: parsed.data, file };
}
