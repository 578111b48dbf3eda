import type { TOpsImport } from '@picbook/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { zipSync } from 'fflate';
import { type ChangeEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OpsError, opsFetch, useView } from '../api';
import { useMayRun } from '../OpsLayout';
import { fmtTime, Outcome, Table, TwoLines, useRunAction } from '../ui';

/**
 * Upload books to the catalogue (issue 23, decision 079): a book folder (or a folder of them, or a
 * .zip) goes up, the server answers its validation report, and the operator imports it with the
 * audited `catalogue.import`. A picked folder is zipped here (stored, not compressed: pictures and
 * recordings are compressed already).
 */
export function BookUploadPanel() {
  const { t } = useTranslation('ops');
  const may = useMayRun('catalogue.import');
  const queryClient = useQueryClient();
  const imports = useView<{ list: TOpsImport[] }>('catalogue.imports', {}, may);
  const [selected, setSelected] = useState<number | null>(null);
  const [uploading, setUploading] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (!may) return null;

  const send = async (blob: Blob, name: string) => {
    setError(null);
    const form = new FormData();
    form.append('folder', blob, name);
    try {
      const report = await opsFetch<TOpsImport>('POST', '/api/ops/imports', form);
      setSelected(report.id);
      await queryClient.invalidateQueries({ queryKey: ['ops-view', 'catalogue.imports'] });
    } catch (e) {
      setError(t('error', { msg: e instanceof OpsError ? e.message : String(e) }));
    } finally {
      setUploading(null);
    }
  };

  const pickFolder = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    if (files.length === 0) return;
    setUploading(t('catalogue.upload.files', { count: files.length }));
    const entries: Record<string, Uint8Array> = {};
    for (const file of files) {
      entries[file.webkitRelativePath || file.name] = new Uint8Array(await file.arrayBuffer());
    }
    const top = (files[0]?.webkitRelativePath || 'books').split('/')[0] ?? 'books';
    const zip = zipSync(entries, { level: 0 });
    await send(
      new Blob([zip as Uint8Array<ArrayBuffer>], { type: 'application/zip' }),
      `${top}.zip`,
    );
  };

  const pickZip = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setUploading(file.name);
    await send(file, file.name);
  };

  const list = imports.data?.list;
  const report = list?.find((i) => i.id === selected) ?? null;
  return (
    <section className="ops-card" data-testid="ops-upload">
      <h2>{t('catalogue.upload.title')}</h2>
      <p className="ops-muted">{t('catalogue.upload.hint')}</p>
      <div className="ops-row">
        <label className="ops-btn ops-primary ops-file">
          {t('catalogue.upload.pickFolder')}
          <input
            type="file"
            multiple
            hidden
            data-testid="ops-upload-folder"
            onChange={pickFolder}
            // A DOM property (Preact sets it as one): true, not the attribute's "".
            {...{ webkitdirectory: true, directory: '' }}
          />
        </label>
        <label className="ops-btn ops-file">
          {t('catalogue.upload.pickZip')}
          <input
            type="file"
            accept=".zip,application/zip"
            hidden
            data-testid="ops-upload-zip"
            onChange={pickZip}
          />
        </label>
      </div>
      {uploading ? (
        <p className="ops-muted" role="status">
          {t('catalogue.upload.uploading')} {uploading}
        </p>
      ) : null}
      {error ? <Outcome outcome={{ ok: false, text: error }} /> : null}
      {report ? <ImportReport report={report} /> : null}
      <h3>{t('catalogue.upload.recent')}</h3>
      <Table
        testId="ops-imports"
        rows={list}
        rowKey={(i) => i.id}
        columns={[
          { label: '#', cell: (i) => i.id },
          { label: t('commerce.time'), cell: (i) => fmtTime(i.create_time) },
          { label: t('catalogue.upload.operator'), cell: (i) => i.operator },
          { label: t('catalogue.upload.file'), cell: (i) => i.file_name },
          { label: t('catalogue.status'), cell: (i) => <StatusPill status={i.status} /> },
          { label: t('catalogue.upload.books'), cell: (i) => i.books.length },
          { label: t('catalogue.upload.problems'), cell: (i) => i.problems.length },
          {
            label: '',
            cell: (i) => (
              <button type="button" className="ops-link" onClick={() => setSelected(i.id)}>
                {t('catalogue.upload.view')}
              </button>
            ),
          },
        ]}
      />
    </section>
  );
}

function StatusPill({ status }: { status: TOpsImport['status'] }) {
  const { t } = useTranslation('ops');
  const tone =
    status === 'imported' ? 'ops-published' : status === 'validated' ? '' : 'ops-withdrawn';
  return (
    <span className={`ops-pill ${tone}`} data-testid="ops-import-status">
      {t(`catalogue.upload.status_${status}`)}
    </span>
  );
}

/** One upload's report: its books, its problems, the import button and what the import did. */
function ImportReport({ report }: { report: TOpsImport }) {
  const { t } = useTranslation('ops');
  const { run, outcome, busy } = useRunAction();
  const importable = report.status === 'validated' || report.status === 'failed';
  return (
    <div className="ops-report" data-testid="ops-import-report">
      <h3>
        {t('catalogue.upload.report')} #{report.id} · {report.file_name}{' '}
        <StatusPill status={report.status} />
      </h3>
      <Table
        testId="ops-import-books"
        rows={report.books}
        rowKey={(b) => b.id}
        columns={[
          { label: t('catalogue.id'), cell: (b) => b.id },
          {
            label: t('catalogue.book'),
            cell: (b) => <TwoLines main={b.title_cn} sub={`${b.title_en} · ${b.slug}`} />,
          },
          { label: t('catalogue.level'), cell: (b) => b.level },
          { label: t('catalogue.upload.pages'), cell: (b) => b.pages },
          {
            label: '',
            cell: (b) => (b.update ? t('catalogue.upload.isUpdate') : t('catalogue.upload.isNew')),
          },
        ]}
      />
      <h4>{t('catalogue.upload.problems')}</h4>
      {report.problems.length === 0 ? (
        <p className="ops-ok">{t('catalogue.upload.noProblems')}</p>
      ) : (
        <Table
          testId="ops-import-problems"
          rows={report.problems}
          rowKey={(p) => `${p.file}|${p.field}|${p.message}`}
          columns={[
            { label: t('catalogue.upload.file'), cell: (p) => <code>{p.file}</code> },
            { label: t('catalogue.upload.field'), cell: (p) => <code>{p.field}</code> },
            { label: t('catalogue.upload.message'), cell: (p) => p.message },
          ]}
        />
      )}
      {report.outcome ? (
        <div data-testid="ops-import-outcome">
          {report.outcome.imported.length > 0 ? (
            <p className="ops-ok">
              {t('catalogue.upload.imported', { ids: report.outcome.imported.join(', ') })}
            </p>
          ) : null}
          {report.outcome.unchanged.length > 0 ? (
            <p className="ops-muted">
              {t('catalogue.upload.unchanged', { ids: report.outcome.unchanged.join(', ') })}
            </p>
          ) : null}
          {report.outcome.warnings.length > 0 ? (
            <details>
              <summary>{t('catalogue.upload.warnings')}</summary>
              <ul className="ops-small">
                {report.outcome.warnings.map((w) => (
                  <li key={w}>{w}</li>
                ))}
              </ul>
            </details>
          ) : null}
        </div>
      ) : null}
      {importable ? (
        <button
          type="button"
          className="ops-btn ops-primary"
          disabled={busy}
          data-testid="ops-import-run"
          onClick={() => run('catalogue.import', { import_id: report.id })}
        >
          {t('catalogue.upload.import', { count: report.books.length })}
        </button>
      ) : null}
      {busy ? (
        <p className="ops-muted" role="status">
          {t('catalogue.upload.building')}
        </p>
      ) : null}
      <Outcome outcome={outcome} />
    </div>
  );
}
