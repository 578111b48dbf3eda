import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../../shared/request/api';
import { queryClient } from '../../../shared/request/query-client';
import { reportKeys, useMessages } from '../report-queries';
import styles from './Reports.module.css';

/** /parents/message: what the system wrote (weekly summaries, rewards, orders, answers). */
export default function MessagePage() {
  const { t } = useTranslation('reports');
  const messages = useMessages();
  const navigate = useNavigate();
  const open = async (id: number, clicked: boolean, link: string | null) => {
    if (!clicked) {
      await api('clickMessage', { body: { id } }).catch(() => undefined);
      void queryClient.invalidateQueries({ queryKey: reportKeys.all });
    }
    if (link) void navigate(link);
  };
  return (
    <div className={styles.page} data-testid="messages">
      <section className={styles.card}>
        {messages.data?.list.length === 0 && <p className={styles.muted}>{t('message.empty')}</p>}
        {messages.data?.list.map((m) => (
          <button
            key={m.id}
            type="button"
            className={styles.message}
            onClick={() => void open(m.id, m.clicked, m.link)}
            data-testid="message"
            data-kind={m.kind}
          >
            <div className={styles.title}>
              {!m.clicked && <span className={styles.unreadDot} />}
              {m.title}
            </div>
            <p style={{ margin: '0.25rem 0' }}>{m.body}</p>
            <span className={styles.muted}>{new Date(m.created_at * 1000).toLocaleString()}</span>
          </button>
        ))}
      </section>
    </div>
  );
}
