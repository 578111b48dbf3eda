import type { usePurchase } from '../use-purchase';
import { PendingOrderDialog } from './PendingOrderDialog';
import { QrPaySheet } from './QrPaySheet';

/** What a purchase shows over its page: the QR sheet, or the offer to continue an unpaid order. */
export function PurchaseLayers({ purchase }: { purchase: ReturnType<typeof usePurchase> }) {
  return (
    <>
      {purchase.sheet && (
        <QrPaySheet
          created={purchase.sheet}
          onPaid={purchase.sheetPaid}
          onClose={purchase.closeSheet}
          onCancel={() => void purchase.cancelSheet()}
        />
      )}
      {purchase.offer && !purchase.sheet && (
        <PendingOrderDialog
          order={purchase.offer.order}
          isBusy={purchase.isPending}
          onContinue={() => void purchase.continueOffer()}
          onReplace={() => void purchase.replacePending()}
          onClose={purchase.dismissOffer}
        />
      )}
    </>
  );
}
