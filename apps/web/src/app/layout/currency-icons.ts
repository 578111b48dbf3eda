import type { ChildCurrency } from '@picbook/domain';
import coinIcon from '../../shared/ui/icons/coin.svg';
import creditIcon from '../../shared/ui/icons/credit.svg';
import diamondIcon from '../../shared/ui/icons/diamond.svg';

/** The icon of each of the child's balances (the top bar's pills and their dialogs). */
export const CURRENCY_ICONS: Record<ChildCurrency, string> = {
  coins: coinIcon,
  credits: creditIcon,
  diamonds: diamondIcon,
};
