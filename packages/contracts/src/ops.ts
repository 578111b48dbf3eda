import { z } from 'zod';
import type { AreaEndpoints } from './endpoint-def';
import { routes } from './routes';

/**
 * The operators' API (decision 044): operator login, the actions an operator may run, running
 * one (every change is audited), and searching the audit log. Families never reach it.
 */
export const ZOpsLogin = z.object({
  username: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(256),
  /** The authenticator's 6-digit code, needed when the operator has a TOTP secret. */
  totp: z
    .string()
    .regex(/^\d{6}$/, 'totp must be 6 digits')
    .optional(),
});
export const ZOpsSession = z.object({
  token: z.string(),
  /** Unix seconds. */
  expire_time: z.number().int(),
  operator: z.string(),
  roles: z.array(z.string()),
});
export type TOpsSession = z.infer<typeof ZOpsSession>;

export const ZOpsActionInfo = z.object({
  name: z.string(),
  summary: z.string(),
  roles: z.array(z.string()),
  /** Whether it asks for a reason (kept in the audit log) before it runs. */
  needs_reason: z.boolean(),
  /**
   * The input it accepts, as JSON Schema (draft 2020-12, made from the action's own zod schema):
   * the console builds each action's form from it (decision 097). Actions only.
   */
  input_schema: z.record(z.string(), z.unknown()).optional(),
});
export type TOpsActionInfo = z.infer<typeof ZOpsActionInfo>;
export const ZOpsMe = z.object({
  operator: z.string(),
  roles: z.array(z.string()),
  /**
   * The development operator (decision 097): signs in without a second factor and exists only
   * where the development adapters are allowed; the console says so on every page.
   */
  development_account: z.boolean(),
  /** The actions this operator may run. */
  actions: z.array(ZOpsActionInfo),
  /** The views (lists, a family's page …) this operator may read. */
  views: z.array(ZOpsActionInfo),
});
export type TOpsMe = z.infer<typeof ZOpsMe>;

export const ZOpsActionParams = z.object({
  name: z.string().regex(/^[a-z][A-Za-z0-9]*\.[a-z][A-Za-z0-9]*$/, 'name must be area.verb'),
});
export const ZOpsRunAction = z.object({
  /** The action's own input (validated by the action's schema). */
  input: z.record(z.string(), z.unknown()).default({}),
  /** Why (kept in the audit log); required for actions on a family's data. */
  reason: z.string().trim().max(500).optional(),
});
export const ZOpsActionResult = z.object({
  result: z.unknown(),
  audit_id: z.number().int(),
});
export type TOpsActionResult = z.infer<typeof ZOpsActionResult>;

/** A view's answer; `audit_id` is set when the look was recorded (views that need a reason). */
export const ZOpsViewResult = z.object({
  result: z.unknown(),
  audit_id: z.number().int().nullable(),
});
export type TOpsViewResult = z.infer<typeof ZOpsViewResult>;

export const ZOpsAuditQuery = z.object({
  action: z.string().max(64).optional(),
  target: z.string().max(128).optional(),
  operator: z.string().max(80).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});
export const ZOpsAuditRow = z.object({
  id: z.number().int(),
  operator: z.string(),
  action: z.string(),
  target: z.string().nullable(),
  reason: z.string().nullable(),
  input: z.unknown(),
  before: z.unknown(),
  after: z.unknown(),
  /** Unix seconds. */
  create_time: z.number().int(),
});
export const ZOpsAudit = z.object({
  list: z.array(ZOpsAuditRow),
  current_page: z.number().int(),
  page_count: z.number().int(),
});
export type TOpsAudit = z.infer<typeof ZOpsAudit>;
export const ZOpsLogoutResult = z.object({ ok: z.literal(true) });

/** An uploaded book folder (operator console, catalogue): its validation report and outcome. */
export const IMPORT_STATUSES = ['invalid', 'validated', 'building', 'imported', 'failed'] as const;
export const ZOpsImport = z.object({
  id: z.number().int(),
  operator: z.string(),
  file_name: z.string(),
  bytes: z.number().int(),
  status: z.enum(IMPORT_STATUSES),
  books: z.array(
    z.object({
      id: z.number().int(),
      slug: z.string(),
      title_en: z.string(),
      title_cn: z.string(),
      level: z.number().int(),
      pages: z.number().int(),
      /** A book of this id is in the catalogue already: importing updates it in place. */
      update: z.boolean(),
    }),
  ),
  problems: z.array(z.object({ file: z.string(), field: z.string(), message: z.string() })),
  outcome: z
    .object({
      imported: z.array(z.number().int()),
      unchanged: z.array(z.number().int()),
      warnings: z.array(z.string()),
    })
    .nullable(),
  create_time: z.number().int(),
  update_time: z.number().int(),
});
export type TOpsImport = z.infer<typeof ZOpsImport>;
/** The upload's form: only the zipped folder (file part `folder`). */
export const ZOpsImportFields = z.object({});

/** The endpoint table's entries of this area (endpoints.ts assembles the areas). */
export const opsEndpoints = {
  opsLogin: {
    ...routes.opsLogin,
    summary: 'Operator login: password, then the TOTP code when the operator has one',
    tags: ['ops'],
    body: ZOpsLogin,
    response: ZOpsSession,
  },
  opsLogout: {
    ...routes.opsLogout,
    summary: 'End this operator session',
    tags: ['ops'],
    response: ZOpsLogoutResult,
  },
  opsMe: {
    ...routes.opsMe,
    summary: 'The operator, their roles and the actions they may run',
    tags: ['ops'],
    response: ZOpsMe,
  },
  opsRunAction: {
    ...routes.opsRunAction,
    summary: 'Run one operator action (role-checked, validated, audited in the same transaction)',
    tags: ['ops'],
    params: ZOpsActionParams,
    body: ZOpsRunAction,
    response: ZOpsActionResult,
  },
  opsReadView: {
    ...routes.opsReadView,
    summary: 'Read one console view (role-checked; a view that needs a reason is audited)',
    tags: ['ops'],
    params: ZOpsActionParams,
    body: ZOpsRunAction,
    response: ZOpsViewResult,
  },
  opsUploadImport: {
    ...routes.opsUploadImport,
    summary:
      'Upload a book folder (zipped, multipart part `folder`) for the catalogue: answers its validation report; `catalogue.import` imports it',
    tags: ['ops'],
    multipart: { fields: ZOpsImportFields, file: 'folder' },
    response: ZOpsImport,
  },
  opsAudit: {
    ...routes.opsAudit,
    summary: 'Search the audit log (by action, target, operator), newest first',
    tags: ['ops'],
    query: ZOpsAuditQuery,
    response: ZOpsAudit,
  },
} as const satisfies AreaEndpoints;
