import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useView } from '../api';
import { useMayRead } from '../OpsLayout';
import { ActionButton, fmtTime, NoAccess, Table, TwoLines } from '../ui';
import { BookUploadPanel } from './BookUploadPanel';

interface BookRow {
  id: number;
  slug: string;
  title_en: string;
  title_cn: string;
  level: number;
  access: 'free' | 'standard' | 'members';
  pages: number;
  status: 'published' | 'withdrawn';
  updated_time: number;
}

/** The books with their access type and status; publish or withdraw one (content role). */
export default function CataloguePage() {
  const { t } = useTranslation('ops');
  const may = useMayRead('catalogue.books');
  const [q, setQ] = useState('');
  const books = useView<{ total: number; list: BookRow[] }>(
    'catalogue.books',
    { q: q || undefined, page_size: 100 },
    may,
  );
  if (!may) return <NoAccess />;
  return (
    <section>
      <h1>{t('catalogue.title')}</h1>
      <BookUploadPanel />
      <input
        className="ops-search"
        placeholder={t('catalogue.search')}
        value={q}
        onChange={(e) => setQ(e.target.value)}
      />
      <Table
        testId="ops-books"
        rows={books.data?.list}
        rowKey={(b) => b.id}
        columns={[
          { label: t('catalogue.id'), cell: (b) => b.id },
          {
            label: t('catalogue.book'),
            cell: (b) => <TwoLines main={b.title_cn} sub={b.title_en} />,
          },
          { label: t('catalogue.level'), cell: (b) => b.level },
          { label: t('catalogue.access'), cell: (b) => t(`catalogue.access_${b.access}`) },
          {
            label: t('catalogue.status'),
            cell: (b) => (
              <span className={`ops-pill ops-${b.status}`}>
                {t(`catalogue.status_${b.status}`)}
              </span>
            ),
          },
          { label: t('commerce.time'), cell: (b) => fmtTime(b.updated_time) },
          {
            label: '',
            cell: (b) =>
              b.status === 'published' ? (
                <ActionButton
                  action="catalogue.withdraw"
                  input={{ book_id: b.id }}
                  label={t('catalogue.withdraw')}
                  danger
                />
              ) : (
                <ActionButton
                  action="catalogue.publish"
                  input={{ book_id: b.id }}
                  label={t('catalogue.publish')}
                />
              ),
          },
        ]}
      />
    </section>
  );
}
