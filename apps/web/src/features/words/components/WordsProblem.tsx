import { useTranslation } from 'react-i18next';
import { useAppNavigate } from '../../../shared/navigation/app-navigate';
import { Button } from '../../../shared/ui/Button';
import lost from '../../../shared/ui/illustrations/mascot-lost.svg';
import { StateScreen } from '../../../shared/ui/StateScreen';

/** A words screen that could not load its book (unknown book, no network): say so, go back. */
export function WordsProblem({ message }: { message: string }) {
  const { t } = useTranslation('words');
  const { back } = useAppNavigate();
  return (
    <StateScreen
      art={lost}
      title={message}
      actions={<Button onClick={() => void back('/words')}>{t('back')}</Button>}
    />
  );
}
