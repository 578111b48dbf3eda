import { RIGHT_NAMES } from '@picbook/domain';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useView } from '../api';
import { ActionButton, fmtTime, GiftProductText, Outcome, Table, useRunAction } from '../ui';

interface Batch {
  id: number;
  title: string;
  channel: string;
  product: unknown;
  count: number;
  redeemed: number;
  status: string;
  expire_time: number;
  created_by: string;
}

interface Created {
  batch_id: number;
  title: string;
  codes: string[];
}

/** One CSV of a new batch's codes: the only time they exist outside their hashes. */
export function codesCsv(batch: Created): string {
  return [
    'batch_id,title,code',
    ...batch.codes.map((c) => `${batch.batch_id},"${batch.title.replaceAll('"', '""')}",${c}`),
  ].join('\n');
}

function download(name: string, text: string) {
  const url = URL.createObjectURL(
    new Blob([`\uFEFF${text}\n`], { type: 'text/csv;charset=utf-8' }),
  );
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  URL.revokeObjectURL(url);
}

const inDays = (days: number) => {
  const d = new Date(Date.now() + days * 86_400_000);
  return d.toISOString().slice(0, 10);
};

/** Gift-card batches (decision 051): create, export the codes once as CSV, revoke. */
export function GiftCardsPanel() {
  const { t } = useTranslation('ops');
  const batches = useView<Batch[]>('giftcards.batches', { page_size: 50 });
  const { run, outcome, busy } = useRunAction();
  const [kind, setKind] = useState<'right' | 'prize'>('right');
  const [created, setCreated] = useState<Created | null>(null);
  const [exported, setExported] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const f = new FormData(event.currentTarget);
    const days = String(f.get('days') ?? '').trim();
    const product =
      kind === 'right'
        ? { kind, right: String(f.get('right')), days: days === 'life' ? 'life' : Number(days) }
        : { kind, title: String(f.get('prize') ?? '') };
    // The end of the chosen day, China time.
    const expires = Math.floor(new Date(`${f.get('expires')}T23:59:59+08:00`).getTime() / 1000);
    const result = await run<Created>('giftcards.createBatch', {
      title: String(f.get('title') ?? ''),
      channel: String(f.get('channel') ?? ''),
      product,
      count: Number(f.get('count')),
      expires_at: expires,
    });
    if (result) {
      setCreated(result);
      setExported(false);
    }
  };

  const exportOnce = () => {
    if (!created) return;
    download(`gift-batch-${created.batch_id}.csv`, codesCsv(created));
    setExported(true);
    setCreated(null);
  };

  return (
    <div className="ops-split">
      <form className="ops-card ops-form" onSubmit={submit} data-testid="gift-batch-form">
        <h2>{t('gift.create')}</h2>
        <label>
          {t('gift.title')}
          <input name="title" required maxLength={40} />
        </label>
        <label>
          {t('gift.channel')}
          <input
            name="channel"
            required
            pattern="[A-Za-z0-9_.:\-]{1,40}"
            placeholder="school:xxx"
          />
        </label>
        <label>
          {t('gift.product')}
          <select value={kind} onChange={(e) => setKind(e.target.value as 'right' | 'prize')}>
            <option value="right">{t('gift.kindRight')}</option>
            <option value="prize">{t('gift.kindPrize')}</option>
          </select>
        </label>
        {kind === 'right' ? (
          <>
            <label>
              {t('gift.right')}
              <select name="right" defaultValue="vip">
                {RIGHT_NAMES.map((r) => (
                  <option key={r} value={r}>
                    {r}
                  </option>
                ))}
              </select>
            </label>
            <label>
              {t('gift.days')}
              <input name="days" required defaultValue="31" pattern="\d{1,4}|life" />
            </label>
          </>
        ) : (
          <label>
            {t('gift.prize')}
            <input name="prize" required maxLength={40} />
          </label>
        )}
        <label>
          {t('gift.count')}
          <input name="count" type="number" min={1} max={10000} required defaultValue={10} />
        </label>
        <label>
          {t('gift.expires')}
          <input name="expires" type="date" required defaultValue={inDays(90)} />
        </label>
        <button type="submit" className="ops-btn ops-primary" disabled={busy}>
          {t('gift.submit')}
        </button>
        <Outcome outcome={outcome} />
        {created ? (
          <div className="ops-codes" data-testid="gift-codes">
            <p>{t('gift.created', { count: created.codes.length })}</p>
            <ol>
              {created.codes.slice(0, 5).map((c) => (
                <li key={c}>
                  <code>{c}</code>
                </li>
              ))}
            </ol>
            <button type="button" className="ops-btn ops-primary" onClick={exportOnce}>
              {t('gift.export')}
            </button>
          </div>
        ) : exported ? (
          <p className="ops-ok">{t('gift.exported')}</p>
        ) : null}
      </form>
      <div>
        <h2>{t('gift.batches')}</h2>
        <Table
          testId="gift-batches"
          rows={batches.data}
          rowKey={(b) => b.id}
          columns={[
            { label: '#', cell: (b) => b.id },
            { label: t('gift.title'), cell: (b) => b.title },
            { label: t('gift.channel'), cell: (b) => b.channel },
            { label: t('gift.product'), cell: (b) => <GiftProductText product={b.product} /> },
            { label: t('gift.redeemed'), cell: (b) => `${b.redeemed} / ${b.count}` },
            {
              label: t('commerce.status'),
              cell: (b) =>
                b.status === 'active' || b.status === 'revoked'
                  ? t(`gift.status_${b.status}`)
                  : b.status,
            },
            { label: t('gift.expires'), cell: (b) => fmtTime(b.expire_time) },
            { label: t('gift.createdBy'), cell: (b) => b.created_by },
            {
              label: '',
              cell: (b) =>
                b.status === 'active' ? (
                  <ActionButton
                    action="giftcards.revokeBatch"
                    input={{ batch_id: b.id }}
                    label={t('gift.revoke')}
                    needsReason
                    danger
                  />
                ) : null,
            },
          ]}
        />
      </div>
    </div>
  );
}
