import { formatYuanExact } from '@picbook/domain';
import type { SandboxSession } from '../../platform/payments/sandbox';
import { escapeHtml, shell } from './dev-pages';

const GREEN = '#07C160';
const resultPath = (s: SandboxSession) =>
  `/parents/store/orderResult/${encodeURIComponent(s.outTradeNo)}`;

/**
 * The sandbox cashier (decision 035): where the WeChat app would ask the family to pay, this page
 * offers to pay, to fail or to cancel. Paying sends the signed notification to our endpoint.
 */
export function cashierPage(s: SandboxSession, now: Date): string {
  const expired = s.status !== 'paid' && s.expireAt.getTime() <= now.getTime();
  const closed = s.status === 'closed' || expired;
  const action = (verb: string, label: string, cls = '') =>
    `<form method="post" action="/dev/cashier/${encodeURIComponent(s.prepayId)}/${verb}"><button type="submit" class="${cls}" data-testid="cashier-${verb}">${label}</button></form>`;
  const buttons = closed
    ? `<p data-testid="cashier-closed">该订单已关闭或已超过支付时间</p><a href="${resultPath(s)}">返回 PicBook</a>`
    : s.status === 'paid'
      ? `<p>这笔订单已支付</p><a href="${resultPath(s)}" data-testid="cashier-back">返回 PicBook 查看订单</a>`
      : `${action('pay', `确认支付 ¥${formatYuanExact(s.amount)}`)}${action('fail', '模拟支付失败', 'alt')}${action('cancel', '取消支付', 'alt')}`;
  return shell(
    '沙箱收银台',
    GREEN,
    `<span class="tag">沙箱 · 模拟微信支付</span><h1>PicBook 绘本岛</h1><p>${escapeHtml(s.description)}</p>
<div style="font-size:34px;font-weight:800;margin:4px 0 2px" data-testid="cashier-amount">¥${formatYuanExact(s.amount)}</div>
<p>订单号 ${escapeHtml(s.outTradeNo)}</p>${buttons}
<p style="margin-top:14px">开发环境的模拟收银台，不会产生真实扣款</p>`,
  );
}

/**
 * After pay / fail / cancel: say what happened and lead back into the app. 取消支付 leads back
 * asking the app to cancel the order (`?cancel=1`): the order closes, here and in this sandbox
 * (decision 093), instead of staying 待支付.
 */
export function cashierResultPage(
  nonce: string,
  s: SandboxSession,
  outcome: 'paid' | 'failed' | 'cancelled' | 'refused',
  note = '',
): string {
  const back = outcome === 'cancelled' ? `${resultPath(s)}?cancel=1` : resultPath(s);
  const texts = {
    paid: ['支付成功', '正在返回 PicBook…'],
    failed: ['支付失败', '模拟的支付失败：余额不足。可以重新支付，或返回 PicBook。'],
    cancelled: ['已取消支付', '正在返回 PicBook 取消这笔订单…'],
    refused: ['无法支付', note],
  } as const;
  const [title, text] = texts[outcome];
  const retry =
    outcome === 'failed'
      ? `<a href="/dev/cashier/${encodeURIComponent(s.prepayId)}"><button type="button">重新支付</button></a>`
      : '';
  const script =
    outcome === 'paid' || outcome === 'cancelled'
      ? `setTimeout(function(){location.replace(${JSON.stringify(back)});},800);`
      : '';
  return shell(
    title,
    outcome === 'paid' ? GREEN : '#888',
    `<h1 data-testid="cashier-result" data-outcome="${outcome}">${title}</h1><p>${escapeHtml(text)}</p>${retry}<a href="${back}" data-testid="cashier-back"><button type="button" class="alt">返回 PicBook</button></a>`,
    script,
    nonce,
  );
}
