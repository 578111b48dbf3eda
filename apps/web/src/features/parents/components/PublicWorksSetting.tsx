import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/request/api';
import { queryClient } from '../../../shared/request/query-client';
import { usePublicWorks, worksKeys } from '../../works';
import styles from './PublicWorksSetting.module.css';

export interface PublicWorksSettingProps {
  /** The settings list's row style. */
  className?: string;
}

/**
 * "公开孩子的作品": the guardian's choice to show the child's works to other families (rankings,
 * PK, works pages). Off until a parent turns it on; it lives here, behind the parental gate,
 * never in the child's area.
 */
export function PublicWorksSetting({ className }: PublicWorksSettingProps) {
  const { t } = useTranslation('parents');
  const current = usePublicWorks();
  const save = useMutation({
    mutationFn: (consented: 0 | 1) => api('setPublicWorks', { body: { consented } }),
    onSuccess: (answer) => {
      queryClient.setQueryData(worksKeys.publicWorks(), answer);
      // Rankings and works pages show or hide this child's works from now on.
      void queryClient.invalidateQueries({
        queryKey: ['works'],
        predicate: (q) => q.queryKey[1] !== 'public',
      });
    },
  });
  const value = save.isPending ? save.variables : current.data?.consented;
  return (
    <label className={className}>
      <span className={styles.text}>
        <span>{t('publicWorks')}</span>
        <span className={styles.explain}>{t('publicWorksHint')}</span>
      </span>
      <select
        value={value ?? ''}
        disabled={value === undefined || save.isPending}
        onChange={(e) => save.mutate(e.target.value === '1' ? 1 : 0)}
        data-setting="public_works"
      >
        {value === undefined && <option value="">…</option>}
        <option value={1}>{t('on')}</option>
        <option value={0}>{t('off')}</option>
      </select>
    </label>
  );
}
