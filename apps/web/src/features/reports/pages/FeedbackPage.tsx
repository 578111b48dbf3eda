import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/request/api';
import { toast } from '../../../shared/toast/toast-store';
import { Button } from '../../../shared/ui/Button';
import styles from './Reports.module.css';

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

/** /parents/feedback: stored with an optional screenshot; answered in the messages. */
export default function FeedbackPage() {
  const { t } = useTranslation('reports');
  const [content, setContent] = useState('');
  const [contact, setContact] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const send = async () => {
    setBusy(true);
    try {
      const screenshot = file ? await readAsDataUrl(file) : null;
      await api('feedback', { body: { content, contact, screenshot } });
      toast.success(t('feedback.sent'));
      setContent('');
      setFile(null);
    } catch {
      // The request layer shows the server's message.
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={styles.page} data-testid="feedback">
      <section className={styles.card}>
        <label className={styles.field}>
          <textarea
            className={styles.textarea}
            value={content}
            maxLength={1000}
            placeholder={t('feedback.placeholder')}
            onChange={(e) => setContent(e.target.value)}
          />
        </label>
        <label className={styles.field}>
          <span className={styles.muted}>{t('feedback.contact')}</span>
          <input
            className={styles.input}
            value={contact}
            maxLength={64}
            onChange={(e) => setContact(e.target.value)}
          />
        </label>
        <label className={styles.field}>
          <span className={styles.muted}>{t('feedback.screenshot')}</span>
          <input
            type="file"
            accept="image/png,image/jpeg"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </label>
        <Button onClick={() => void send()} disabled={busy || content.trim().length < 5}>
          {t('feedback.send')}
        </Button>
      </section>
    </div>
  );
}
