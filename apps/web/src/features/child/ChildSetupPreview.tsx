import { useState } from 'react';
import { useStartup } from '../../shared/startup/startup-store';
import { Button } from '../../shared/ui/Button';
import { ChildSetupFlow } from './ChildSetupFlow';
import styles from './ChildSetupPreview.module.css';
import { NicknameDialog } from './NicknameDialog';

/**
 * Development-only preview of the child-info step over the library background, with the current
 * startup store. After saving it shows the saved child and offers to run the flow again or to
 * open the rename dialog as the parents' area will. Not imported by the app.
 */
export default function ChildSetupPreview() {
  const child = useStartup((s) => s.user?.children[0]);
  const [run, setRun] = useState(0);
  const [isDone, setDone] = useState(false);
  const [isRenaming, setRenaming] = useState(false);

  return (
    <div className={styles.stage} data-area="library">
      {!isDone && <ChildSetupFlow key={run} onDone={() => setDone(true)} />}
      {isDone && (
        <div className={styles.result} data-testid="child-preview-done">
          {child?.avatar && <img className={styles.avatar} src={child.avatar} alt="" />}
          <strong>{child?.nickname}</strong>
          <span>
            {child?.birthday} · {child?.gender === 1 ? '男孩' : '女孩'} · {child?.region}
          </span>
          <div className={styles.actions}>
            <Button variant="secondary" onClick={() => setRenaming(true)}>
              修改昵称
            </Button>
            <Button
              onClick={() => {
                setDone(false);
                setRun((n) => n + 1);
              }}
            >
              再来一次
            </Button>
          </div>
        </div>
      )}
      {isRenaming && (
        <NicknameDialog
          initial={child?.nickname ?? ''}
          isFirstSetup={false}
          onSave={() => new Promise((resolve) => setTimeout(resolve, 1500))}
          onClose={() => setRenaming(false)}
        />
      )}
    </div>
  );
}
