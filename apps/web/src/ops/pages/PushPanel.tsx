import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useView } from '../api';
import { ActionButton, fmtTime, Table } from '../ui';

interface PushDeliveries {
  channel: string;
  days: number;
  summary: Array<{ kind: string; status: string; jobs: number; delivered: number; failed: number }>;
  devices: Record<string, number>;
  latest: Array<{
    id: number;
    user_id: number;
    kind: string;
    title: string;
    status: string;
    attempts: number;
    delivered: number;
    failed: number;
    error: string | null;
    created_time: number;
  }>;
}

/** What the push channel sent, delivered and failed; a test to the operator's own device (decision 100). */
export function PushPanel() {
  const { t } = useTranslation('ops');
  const view = useView<PushDeliveries>('push.deliveries', { days: 7 });
  const [userId, setUserId] = useState('');
  const data = view.data;
  return (
    <div data-testid="ops-push">
      {data ? (
        <>
          <p className="ops-muted">
            {t('engagement.pushChannel', { channel: data.channel, days: data.days })}
          </p>
          <p className="ops-muted">
            {t('engagement.pushDevices', {
              web: data.devices.web ?? 0,
              native: data.devices.native ?? 0,
            })}
          </p>
        </>
      ) : null}
      <Table
        testId="ops-push-summary"
        rows={data?.summary}
        rowKey={(r) => `${r.kind}:${r.status}`}
        columns={[
          { label: t('engagement.pushKind'), cell: (r) => r.kind },
          { label: t('engagement.pushStatus'), cell: (r) => r.status },
          { label: t('engagement.pushJobs'), cell: (r) => r.jobs },
          { label: t('engagement.pushDelivered'), cell: (r) => r.delivered },
          { label: t('engagement.pushFailed'), cell: (r) => r.failed },
        ]}
      />
      <p className="ops-reason">
        <input
          aria-label={t('engagement.pushTestUser')}
          placeholder={t('engagement.pushTestUser')}
          inputMode="numeric"
          value={userId}
          onChange={(e) => setUserId(e.target.value.replace(/\D/g, ''))}
        />
        <ActionButton
          action="push.sendTest"
          input={{ user_id: Number(userId) }}
          label={t('engagement.pushTest')}
          needsReason
        />
      </p>
      <h2>{t('engagement.pushLatest')}</h2>
      <Table
        testId="ops-push-latest"
        rows={data?.latest}
        rowKey={(r) => r.id}
        columns={[
          { label: '#', cell: (r) => r.id },
          { label: 'ID', cell: (r) => r.user_id },
          { label: t('engagement.pushKind'), cell: (r) => r.kind },
          { label: t('engagement.pushTitle'), cell: (r) => r.title },
          { label: t('engagement.pushStatus'), cell: (r) => `${r.status} ×${r.attempts}` },
          { label: t('engagement.pushDelivered'), cell: (r) => `${r.delivered} / ${r.failed}` },
          { label: t('engagement.pushError'), cell: (r) => r.error ?? '—' },
          { label: '', cell: (r) => fmtTime(r.created_time) },
        ]}
      />
    </div>
  );
}
