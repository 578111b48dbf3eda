import { POINTS_TOAST_MS, TASK_STATUS } from '@picbook/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from '../../../shared/toast/toast-store';
import styles from '../Points.module.css';
import { usePointsTasks, useReceiveTask } from '../points-queries';

/** Tasks earned from learning: progress, collect when finished, a way to go and do it. */
export function TaskList() {
  const { t } = useTranslation('points');
  const { data } = usePointsTasks();
  const receive = useReceiveTask();
  const handleReceive = async (id: string) => {
    const answer = await receive.mutateAsync(id).catch(() => null);
    if (answer) toast.success(t('tasks.received', { n: answer.received }), POINTS_TOAST_MS);
  };
  return (
    <section className={styles.card} data-testid="points-tasks">
      <h2 className={styles.cardTitle}>{t('tasks.title')}</h2>
      {(data?.list ?? []).map((task) => (
        <div key={task.id} className={styles.task} data-task={task.id} data-status={task.status}>
          <div className={styles.taskText}>
            <div className={styles.taskTitle}>
              {task.title}
              <span className={styles.taskPoints}>+{task.points}</span>
            </div>
            <div className={styles.muted}>
              {task.desc}
              {task.type !== 'each' && ` · ${t('tasks.progress', task)}`}
            </div>
          </div>
          {task.claimable > 0 ? (
            <button
              type="button"
              className={styles.pill}
              disabled={receive.isPending}
              onClick={() => void handleReceive(task.id)}
            >
              {t('tasks.receive')}
              {task.claimable > 1 ? ` ×${task.claimable}` : ''}
            </button>
          ) : task.status === TASK_STATUS.collected ? (
            <button type="button" className={styles.pill} disabled>
              {t('tasks.collected')}
            </button>
          ) : task.link ? (
            <Link className={`${styles.pill} ${styles.pillSoft}`} to={task.link}>
              {t('tasks.go')}
            </Link>
          ) : null}
        </div>
      ))}
    </section>
  );
}
