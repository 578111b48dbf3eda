import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useView } from '../api';
import { JsonActionForm } from '../JsonActionForm';
import { useMayRead, useMayRun } from '../OpsLayout';
import { ActionButton, Json, NoAccess, Table, Tabs, yuan } from '../ui';
import { GiftCardsPanel } from './GiftCardsPanel';
import { type OpsOrder, OrdersTable } from './OrdersTable';

type Tab = 'orders' | 'goods' | 'giftCards' | 'points' | 'lottery';
const VIEW: Record<Tab, string> = {
  orders: 'commerce.orders',
  goods: 'commerce.goods',
  giftCards: 'giftcards.batches',
  points: 'points.goods',
  lottery: 'lottery.prizes',
};

/** Goods and prices, orders and refunds, gift-card batches, points goods, lottery prizes. */
export default function CommercePage() {
  const { t } = useTranslation('ops');
  const [tab, setTab] = useState<Tab>('orders');
  const mayOrders = useMayRead('commerce.orders');
  const mayGoods = useMayRead('commerce.goods');
  const mayGift = useMayRead('giftcards.batches');
  const mayPoints = useMayRead('points.goods');
  const mayLottery = useMayRead('lottery.prizes');
  const may: Record<Tab, boolean> = {
    orders: mayOrders,
    goods: mayGoods,
    giftCards: mayGift,
    points: mayPoints,
    lottery: mayLottery,
  };
  const tabs = (Object.keys(VIEW) as Tab[])
    .filter((k) => may[k])
    .map((key) => ({ key, label: t(`commerce.${key}`) }));
  if (tabs.length === 0) return <NoAccess />;
  const current = may[tab] ? tab : (tabs[0]?.key ?? 'orders');
  return (
    <section>
      <h1>{t('nav.commerce')}</h1>
      <Tabs tabs={tabs} current={current} onChange={setTab} />
      {current === 'orders' ? <OrdersPanel /> : null}
      {current === 'goods' ? <GoodsPanel /> : null}
      {current === 'giftCards' ? <GiftCardsPanel /> : null}
      {current === 'points' ? <PointsPanel /> : null}
      {current === 'lottery' ? <LotteryPanel /> : null}
    </section>
  );
}

function OrdersPanel() {
  const orders = useView<OpsOrder[]>('commerce.orders', { page_size: 50 });
  return <OrdersTable rows={orders.data} />;
}

interface Goods {
  product_id: string;
  title: string;
  right_name: string;
  days: number | null;
  price: number;
  original_price: number | null;
  promo: unknown;
  channels: string[];
  on_sale: boolean;
}

function GoodsPanel() {
  const { t } = useTranslation('ops');
  const goods = useView<Goods[]>('commerce.goods');
  const [editing, setEditing] = useState<Goods | null>(null);
  const maySave = useMayRun('goods.save');
  return (
    <div className="ops-split ops-split-wide">
      <Table
        rows={goods.data}
        rowKey={(g) => g.product_id}
        columns={[
          { label: 'ID', cell: (g) => <code>{g.product_id}</code> },
          { label: t('commerce.item'), cell: (g) => g.title },
          {
            label: t('support.right'),
            cell: (g) => `${g.right_name} ${g.days ?? t('support.lifetime')}`,
          },
          {
            label: t('commerce.price'),
            cell: (g) => (
              <>
                {yuan(g.price)} {g.original_price ? <s>{yuan(g.original_price)}</s> : null}
              </>
            ),
          },
          { label: t('commerce.window'), cell: (g) => <Json value={g.promo} /> },
          { label: t('commerce.channels'), cell: (g) => g.channels.join(', ') },
          { label: t('commerce.onSale'), cell: (g) => (g.on_sale ? '✓' : '—') },
          {
            label: '',
            cell: (g) =>
              maySave ? (
                <button type="button" className="ops-btn" onClick={() => setEditing(g)}>
                  {t('engagement.edit')}
                </button>
              ) : null,
          },
        ]}
      />
      <div>
        {editing ? (
          <JsonActionForm key={editing.product_id} action="goods.save" initial={editing} />
        ) : null}
      </div>
    </div>
  );
}

interface PointsGoods {
  id: number;
  title: string;
  kind: string;
  status: number;
  skus: Array<{ id: number; title: string; price: number; stock: number; sold: number }>;
}

function PointsPanel() {
  const { t } = useTranslation('ops');
  const goods = useView<PointsGoods[]>('points.goods');
  const rows = goods.data?.flatMap((g) => g.skus.map((s) => ({ goods: g, sku: s })));
  return (
    <Table
      rows={rows}
      rowKey={(r) => r.sku.id}
      columns={[
        { label: t('commerce.item'), cell: (r) => `${r.goods.title} (${r.goods.kind})` },
        { label: t('points.sku'), cell: (r) => r.sku.title },
        { label: t('commerce.price'), cell: (r) => r.sku.price },
        { label: t('points.stock'), cell: (r) => r.sku.stock },
        { label: t('points.sold'), cell: (r) => r.sku.sold },
        {
          label: t('points.adjust'),
          cell: (r) => (
            <>
              <ActionButton
                action="points.adjustStock"
                input={{ sku_id: r.sku.id, delta: 10 }}
                label="+10"
              />
              <ActionButton
                action="points.adjustStock"
                input={{ sku_id: r.sku.id, delta: -10 }}
                label="−10"
              />
            </>
          ),
        },
      ]}
    />
  );
}

interface Prize {
  id: number;
  lottery_id: number;
  name: string;
  image: string;
  kind: string;
  amount: number;
  weight: number;
  stock: number | null;
  sort: number;
  /** Percent, as published to families. */
  probability: number;
}

interface Wheel {
  id: number;
  title: string;
  prizes: Prize[];
}

function LotteryPanel() {
  const { t } = useTranslation('ops');
  const wheels = useView<Wheel[]>('lottery.prizes');
  const [editing, setEditing] = useState<Prize | null>(null);
  const maySave = useMayRun('lottery.savePrize');
  return (
    <div className="ops-split ops-split-wide">
      <div>
        {wheels.data?.map((w) => (
          <div key={w.id}>
            <h2>
              #{w.id} {w.title}
            </h2>
            <Table
              rows={w.prizes}
              rowKey={(p) => p.id}
              columns={[
                { label: t('lottery.prize'), cell: (p) => `${p.name} (${p.kind})` },
                { label: t('lottery.weight'), cell: (p) => p.weight },
                { label: t('lottery.stock'), cell: (p) => p.stock ?? '∞' },
                { label: t('lottery.odds'), cell: (p) => `${p.probability}%` },
                {
                  label: '',
                  cell: (p) => (
                    <>
                      {maySave ? (
                        <button type="button" className="ops-btn" onClick={() => setEditing(p)}>
                          {t('engagement.edit')}
                        </button>
                      ) : null}
                      {p.stock !== null ? (
                        <ActionButton
                          action="lottery.adjustPrizeStock"
                          input={{ prize_id: p.id, delta: 10 }}
                          label={`${t('lottery.stock')} +10`}
                        />
                      ) : null}
                    </>
                  ),
                },
              ]}
            />
          </div>
        )) ?? <p className="ops-muted">{t('loading')}</p>}
      </div>
      <div>
        {editing ? (
          <JsonActionForm
            key={editing.id}
            action="lottery.savePrize"
            initial={(({ probability: _p, ...prize }) => prize)(editing)}
          />
        ) : null}
      </div>
    </div>
  );
}
