import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useView } from '../api';
import { JsonActionForm } from '../JsonActionForm';
import { useMayRead, useMayRun } from '../OpsLayout';
import { ActionButton, fmtTime, Json, NoAccess, Table, Tabs } from '../ui';
import { PopupPreview } from './PopupPreview';
import { PushPanel } from './PushPanel';

type Tab = 'activity' | 'camps' | 'configs' | 'push';

/** Activity data (slides, popups and their rules, entrances), camps, configs, push. */
export default function EngagementPage() {
  const { t } = useTranslation('ops');
  const [tab, setTab] = useState<Tab>('activity');
  const mayActivity = useMayRead('activity.records');
  const mayCamps = useMayRead('camps.list');
  const mayConfigs = useMayRead('configs.list');
  const mayPush = useMayRead('push.deliveries');
  const may: Record<Tab, boolean> = {
    activity: mayActivity,
    camps: mayCamps,
    configs: mayConfigs,
    push: mayPush,
  };
  const tabs = (['activity', 'camps', 'configs', 'push'] as const)
    .filter((k) => may[k])
    .map((key) => ({ key, label: t(`engagement.${key}`) }));
  if (tabs.length === 0) return <NoAccess />;
  const current = may[tab] ? tab : (tabs[0]?.key ?? 'activity');
  return (
    <section>
      <h1>{t('nav.engagement')}</h1>
      <Tabs tabs={tabs} current={current} onChange={setTab} />
      {current === 'activity' ? <ActivityPanel /> : null}
      {current === 'camps' ? <CampsPanel /> : null}
      {current === 'configs' ? <ConfigsPanel /> : null}
      {current === 'push' ? <PushPanel /> : null}
    </section>
  );
}

interface ActivityRecord {
  id: number;
  slot: string;
  position: number;
  payload: Record<string, unknown>;
  starts_time: number | null;
  ends_time: number | null;
}

/** An activity.save input as the form holds it. */
interface Draft {
  slot: string;
  payload?: Record<string, unknown>;
  [field: string]: unknown;
}

const toSave = (r: ActivityRecord) => ({
  id: r.id,
  slot: r.slot,
  position: r.position,
  payload: r.payload,
  starts_at: r.starts_time,
  ends_at: r.ends_time,
});

function ActivityPanel() {
  const { t } = useTranslation('ops');
  const records = useView<ActivityRecord[]>('activity.records');
  const [editing, setEditing] = useState<ActivityRecord | 'new' | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const maySave = useMayRun('activity.save');
  const initial: Draft =
    editing === 'new' || editing === null
      ? {
          slot: 'popup_lib',
          position: 0,
          payload: { title: '', rule: { interval: 57_600, max_num: 3 } },
          starts_at: null,
          ends_at: null,
        }
      : toSave(editing);
  const edit = (record: ActivityRecord | 'new' | null) => {
    setEditing(record);
    setDraft(null);
  };
  return (
    <div className="ops-split ops-split-wide">
      <div>
        {maySave ? (
          <button type="button" className="ops-btn" onClick={() => edit('new')}>
            {t('engagement.newRecord')}
          </button>
        ) : null}
        <Table
          rows={records.data}
          rowKey={(r) => r.id}
          columns={[
            { label: '#', cell: (r) => r.id },
            { label: t('engagement.slot'), cell: (r) => <code>{r.slot}</code> },
            { label: t('engagement.position'), cell: (r) => r.position },
            { label: t('engagement.payload'), cell: (r) => <Json value={r.payload} /> },
            {
              label: t('engagement.window'),
              cell: (r) => `${fmtTime(r.starts_time)} – ${fmtTime(r.ends_time)}`,
            },
            {
              label: '',
              cell: (r) => (
                <>
                  {maySave ? (
                    <button type="button" className="ops-btn" onClick={() => edit(r)}>
                      {t('engagement.edit')}
                    </button>
                  ) : null}
                  <ActionButton
                    action="activity.remove"
                    input={{ id: r.id }}
                    label={t('engagement.remove')}
                    danger
                  />
                </>
              ),
            },
          ]}
        />
      </div>
      <div>
        {editing ? (
          <>
            <JsonActionForm
              key={editing === 'new' ? 'new' : editing.id}
              action="activity.save"
              initial={initial}
              onDraft={(value) => setDraft(value as Draft)}
              // A new record, once saved, is in the list: the form closes so saving again
              // cannot create a second one (edit it from its row).
              onDone={() => {
                if (editing === 'new') edit(null);
              }}
            />
            {(draft ?? initial).slot === 'popup_lib' ? (
              <PopupPreview payload={(draft ?? initial).payload ?? {}} />
            ) : null}
          </>
        ) : null}
      </div>
    </div>
  );
}

interface Camp {
  id: number;
  slug: string;
  kind: string;
  name: string;
  days: number;
  active: boolean;
  reward_coins: number;
  reward_diamonds: number;
  calendar: Array<{ day: number; level: number; book_id: number; title: string }>;
}

function CampsPanel() {
  const { t } = useTranslation('ops');
  const camps = useView<Camp[]>('camps.list');
  return (
    <Table
      rows={camps.data}
      rowKey={(c) => c.id}
      columns={[
        { label: '#', cell: (c) => c.id },
        { label: 'slug', cell: (c) => <code>{c.slug}</code> },
        { label: t('commerce.item'), cell: (c) => `${c.name} (${c.kind})` },
        { label: t('gift.days'), cell: (c) => c.days },
        { label: t('support.active'), cell: (c) => (c.active ? '✓' : '—') },
        {
          label: t('engagement.calendar'),
          cell: (c) => (
            <details>
              <summary>{c.calendar.length}</summary>
              {c.calendar.map((d) => (
                <div key={`${d.day}-${d.level}`} className="ops-small">
                  D{d.day} L{d.level} · #{d.book_id} {d.title}
                </div>
              ))}
            </details>
          ),
        },
      ]}
    />
  );
}

function ConfigsPanel() {
  const { t } = useTranslation('ops');
  const configs = useView<Array<{ key: string; value: unknown }>>('configs.list');
  const [editing, setEditing] = useState<{ key: string; value: unknown } | null>(null);
  const maySet = useMayRun('configs.set');
  return (
    <div className="ops-split ops-split-wide">
      <Table
        rows={configs.data}
        rowKey={(c) => c.key}
        columns={[
          { label: 'key', cell: (c) => <code>{c.key}</code> },
          { label: t('engagement.value'), cell: (c) => <Json value={c.value} /> },
          {
            label: '',
            cell: (c) =>
              maySet ? (
                <button type="button" className="ops-btn" onClick={() => setEditing(c)}>
                  {t('engagement.edit')}
                </button>
              ) : null,
          },
        ]}
      />
      <div>
        {editing ? (
          <JsonActionForm key={editing.key} action="configs.set" initial={editing} />
        ) : null}
      </div>
    </div>
  );
}
