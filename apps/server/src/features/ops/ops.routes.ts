import { ErrorCode, endpoints } from '@picbook/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors';
import { defineRoute } from '../../platform/http/define-route';
import { readMultipart } from '../../platform/http/multipart';
import {
  inputJsonSchema,
  mayRun,
  type Operator,
  type OperatorAction,
  runOperatorAction,
} from '../../platform/ops/operator-action';
import { type OperatorView, readOperatorView } from '../../platform/ops/operator-view';
import { unixSeconds } from '../../platform/time';
import {
  IMPORT_UPLOAD_MAX_BYTES,
  importUploadAction,
  NOTE_VOICE_BODY_LIMIT,
  receiveImport,
} from '../library';
import { operatorActions } from './action-registry';
import { loginOperator, logoutOperator, signedInWithoutSecondFactor } from './operator-accounts';
import { deviceCookie, deviceCookieValue } from './operator-devices';
import { createOpsQueries } from './ops.queries';
import { operatorViews } from './view-registry';

export function registerOpsRoutes(app: FastifyInstance): void {
  defineRoute(app, endpoints.opsLogin, async ({ deps, body, request, reply }) => {
    const session = await loginOperator(deps, {
      ...body,
      ip: request.ip,
      device: deviceCookieValue(request.headers.cookie),
    });
    // The known-device cookie (decision 085): HttpOnly, sent back to the login only.
    reply.header('set-cookie', deviceCookie(session.device, request.protocol === 'https'));
    return {
      token: session.token,
      expire_time: unixSeconds(session.expiresAt),
      operator: session.operator.name,
      roles: [...session.operator.roles],
    };
  });

  defineRoute(app, endpoints.opsLogout, async ({ deps, request }) => {
    await logoutOperator(deps.db, String(request.headers.ops_token));
    return { ok: true as const };
  });

  const allowed = (operator: Operator, entries: Iterable<OperatorView | OperatorAction>) =>
    [...entries]
      .filter((entry) => mayRun(operator, entry))
      .map((entry) => ({
        name: entry.name,
        summary: entry.summary,
        roles: [...entry.roles],
        needs_reason: entry.needsReason === true,
      }));
  defineRoute(app, endpoints.opsMe, async ({ deps, operator }) => ({
    operator: operator.name,
    roles: [...operator.roles],
    development_account: await signedInWithoutSecondFactor(deps, operator),
    // Each action with its input's JSON Schema: the console's form is made from it.
    actions: allowed(operator, operatorActions.values()).map((info) => ({
      ...info,
      input_schema: inputJsonSchema(operatorActions.get(info.name) as OperatorAction),
    })),
    views: allowed(operator, operatorViews.values()),
  }));

  defineRoute(app, endpoints.opsReadView, async ({ deps, operator, params, body }) => {
    const view = operatorViews.get(params.name);
    if (!view) throw new AppError(ErrorCode.RecordNotFound, `没有这个页面：${params.name}`);
    const seen = await readOperatorView(deps, operator, view, body.input, body.reason ?? null);
    return { result: seen.result, audit_id: seen.auditId };
  });

  defineRoute(
    app,
    endpoints.opsRunAction,
    async ({ deps, operator, params, body }) => {
      const action = operatorActions.get(params.name);
      if (!action) throw new AppError(ErrorCode.RecordNotFound, `没有这个操作：${params.name}`);
      const run = await runOperatorAction(deps, operator, action, body.input, body.reason ?? null);
      return { result: run.result, audit_id: run.auditId };
    },
    // An action may carry a recording (catalogue.setNoteVoice): the one door takes its size.
    { bodyLimit: NOTE_VOICE_BODY_LIMIT },
  );

  // A book folder for the catalogue: the same role as importing it; its report, nothing imported.
  defineRoute(app, endpoints.opsUploadImport, async ({ deps, operator, request }) => {
    if (!mayRun(operator, importUploadAction)) {
      throw new AppError(ErrorCode.Forbidden, `没有权限执行该操作：${importUploadAction.name}`);
    }
    const { file } = await readMultipart(
      request,
      endpoints.opsUploadImport,
      IMPORT_UPLOAD_MAX_BYTES,
      `压缩包太大了（最多 ${IMPORT_UPLOAD_MAX_BYTES / 1024 / 1024} MB）`,
    );
    if (!file || file.buffer.byteLength === 0) {
      throw new AppError(ErrorCode.InvalidParams, '请选择要上传的绘本文件夹', { field: 'folder' });
    }
    return receiveImport(deps, operator, file);
  });

  defineRoute(app, endpoints.opsAudit, async ({ deps, query }) => {
    const { rows, total } = await createOpsQueries(deps.db).pageAudit(
      query,
      query.page,
      query.page_size,
    );
    return {
      list: rows.map((r) => ({
        id: r.id,
        operator: r.operator,
        action: r.action,
        target: r.target,
        reason: r.reason,
        input: r.input,
        before: r.before,
        after: r.after,
        create_time: unixSeconds(r.createdAt),
      })),
      current_page: query.page,
      page_count: Math.max(1, Math.ceil(total / query.page_size)),
    };
  });
}
