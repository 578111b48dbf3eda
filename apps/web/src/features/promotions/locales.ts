/** Lifelong-VIP promotions and invitations (learning-content §2, §4, §8). */
export const promotionsZh = {
  heroTag: '终身会员',
  status: {
    none: '尚未升级',
    first: '已升级为终身会员',
    exchange: '已完成抽奖兑换',
  },
  gives: '可获得：{{title}}',
  window: '活动时间 {{from}} 至 {{to}}',
  phoneLabel: '手机号',
  phonePlaceholder: '请输入手机号',
  pinPlaceholder: '请输入验证码',
  submit: '验证并领取',
  done: '领取成功',
  doneHint: '会员已到账，可以在绘本馆畅读全部绘本',
  invalidSmsPIN: '验证码已过期，请重新验证',
  errorSmsPIN: '验证码错误，请重新验证',
  unavailable: '活动不存在或已结束',
  link: {
    used: '这个活动链接已被使用',
    expired: '这个活动链接已过期',
    unknown: '活动链接无效',
  },
  toLibrary: '去读绘本',
  invite: {
    title: '邀请好友得会员',
    hint: '好友扫码注册后，你会收到一张{{reward}}礼品卡',
    counts: '已邀请 {{invited}} 位好友，获得 {{rewarded}} 张卡',
  },
};
