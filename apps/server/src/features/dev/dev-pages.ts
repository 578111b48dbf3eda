import type { ThirdPartyType } from '../../platform/oauth/types';

const PROVIDER: Record<ThirdPartyType, { name: string; color: string }> = {
  wx_app: { name: '微信', color: '#07C160' },
  wx_web: { name: '微信', color: '#07C160' },
  hw_app: { name: '华为帐号', color: '#CF0A2C' },
  mi_app: { name: '小米帐号', color: '#FF6900' },
  du_app: { name: '百度（小度）', color: '#2932E1' },
  apple: { name: 'Apple ID', color: '#000000' },
};

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const SIMULATED = [
  { account: 'mama', nickname: '嘟嘟妈妈' },
  { account: 'baba', nickname: '小明爸爸' },
  { account: 'nainai', nickname: '朵朵奶奶' },
];

export function shell(title: string, color: string, body: string, script = '', nonce = ''): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>
body{margin:0;font-family:-apple-system,"PingFang SC","Noto Sans CJK SC","Microsoft YaHei",sans-serif;background:#f4f5f7;color:#222;display:flex;min-height:100vh;align-items:center;justify-content:center}
.card{background:#fff;border-radius:16px;box-shadow:0 6px 24px rgba(0,0,0,.1);padding:24px;max-width:340px;width:100%;text-align:center}
h1{font-size:18px;margin:0 0 4px}.tag{display:inline-block;font-size:12px;color:#fff;background:${color};border-radius:99px;padding:2px 10px;margin-bottom:12px}
p{font-size:13px;color:#666;margin:6px 0 14px}.qr{width:168px;height:168px;margin:8px auto 14px;background:repeating-conic-gradient(#222 0 25%,#fff 0 50%) 0 0/24px 24px;border:8px solid #fff;outline:1px solid #ddd}
button{display:block;width:100%;margin:8px 0;padding:12px;border:0;border-radius:10px;background:${color};color:#fff;font-size:15px;cursor:pointer}
button.alt{background:#eef0f3;color:#333}
</style></head><body><main class="card">${body}</main>${script ? `<script nonce="${nonce}">${script}</script>` : ''}</body></html>`;
}

/** The simulated provider page: pick a simulated account and agree. */
export function consentPage(q: { type: ThirdPartyType; mode: string; state: string }): string {
  const p = PROVIDER[q.type];
  const hidden = `<input type="hidden" name="type" value="${q.type}"><input type="hidden" name="mode" value="${escapeHtml(q.mode)}"><input type="hidden" name="state" value="${escapeHtml(q.state)}">`;
  const buttons = SIMULATED.map(
    (a) =>
      `<form method="post" action="/dev/oauth/consent">${hidden}<input type="hidden" name="account" value="${a.account}"><input type="hidden" name="nickname" value="${a.nickname}"><button type="submit" data-account="${a.account}">以「${a.nickname}」身份同意授权</button></form>`,
  ).join('');
  const fresh = `sim${Date.now().toString(36)}`;
  const newAccount = `<form method="post" action="/dev/oauth/consent">${hidden}<input type="hidden" name="account" value="${fresh}"><input type="hidden" name="nickname" value="新用户"><button class="alt" type="submit" data-account="new">使用一个新的模拟帐号</button></form>`;
  const qr =
    q.mode === 'qr'
      ? '<div class="qr" aria-label="模拟二维码"></div><p>开发环境：点击下方按钮模拟手机扫码并确认登录</p>'
      : '<p>开发环境的模拟授权页，不会连接真实服务</p>';
  return shell(
    `${p.name}授权（模拟）`,
    p.color,
    `<span class="tag">模拟 ${p.name}</span><h1>PicBook 绘本岛 申请使用你的${p.name}登录</h1>${qr}${buttons}${newAccount}`,
  );
}

/** Hands the issued code to the app: parent frame (QR), opener (popup) or the bridge simulator. */
export function consentResultPage(
  nonce: string,
  r: { type: ThirdPartyType; mode: string; state: string; code: string },
): string {
  return relayPage(nonce, r);
}

export function relayPage(
  nonce: string,
  r: { type: ThirdPartyType; state: string; code: string },
): string {
  const message = JSON.stringify({
    source: 'picbook-oauth',
    type: r.type,
    code: r.code,
    state: r.state,
  });
  const script = `(function(){var m=${message.replace(/</g, '\\u003c')};var t=window.opener||(window.parent!==window?window.parent:null);if(t){t.postMessage(m,location.origin);}if(window.opener){setTimeout(function(){window.close();},300);}})();`;
  return shell(
    '授权完成',
    '#07C160',
    '<h1>授权完成</h1><p>正在返回 PicBook 绘本岛…</p>',
    script,
    nonce,
  );
}
