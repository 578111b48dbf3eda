/**
 * The one registry of API error codes. Numbers from the spec keep their values; each entry says
 * what the code means, the HTTP status it travels with and the default message (Chinese first,
 * English second) that a parent may see.
 */
export const ErrorCode = {
  Ok: 0,
  Internal: 10000,
  InvalidParams: 10001,
  NotLoggedIn: 10008,
  PointsInsufficient: 10019,
  RecordNotFound: 10024,
  OutOfStock: 10025,
  AlreadyReceived: 10104,
  Forbidden: 10403,
  RouteNotFound: 10404,
  NotAllowed: 10400,
  TooManyRequests: 10429,
  PayloadTooLarge: 10413,
  LoginFailed: 11001,
  AccountExists: 11002,
  SmsSendFailed: 11100,
  SmsPinInvalid: 11101,
  SmsPinWrong: 11102,
  MustBindPhone: 12000,
  ConfirmSwitch3rd: 12001,
  InviteRequired: 12003,
  InviteInvalid: 12004,
  ThirdPartyFailed: 12100,
  GoodsUnavailable: 15001,
  PayMethodUnavailable: 15002,
  OrderNotPayable: 15003,
  PaymentProviderFailed: 15004,
  ReceiptInvalid: 15005,
  ReceiptUsed: 15006,
  GiftCodeInvalid: 16001,
  GiftCodeExpired: 16002,
  GiftCodeRevoked: 16003,
  GiftCodeNotStarted: 16004,
  GiftCodeUsed: 16005,
  PromoUnavailable: 16101,
  PromoClaimed: 16102,
  ActivityNotJoined: 43100,
} as const;

export type ErrorCodeName = keyof typeof ErrorCode;
export type ErrorCodeValue = (typeof ErrorCode)[ErrorCodeName];

export interface ErrorCodeInfo {
  /** HTTP status the code is sent with; business failures travel as 200. */
  http: number;
  /** Default Chinese message, shown to parents. */
  msg: string;
  /** English message for the second locale. */
  msgEn: string;
  meaning: string;
}

export const errorCatalog: Record<ErrorCodeValue, ErrorCodeInfo> = {
  [ErrorCode.Ok]: { http: 200, msg: 'ok', msgEn: 'ok', meaning: 'success' },
  [ErrorCode.Internal]: {
    http: 500,
    msg: '系统异常，请稍后重试',
    msgEn: 'System error, please try again later',
    meaning: 'unexpected server failure; details only in the server log under the request id',
  },
  [ErrorCode.InvalidParams]: {
    http: 400,
    msg: '参数错误',
    msgEn: 'Invalid parameters',
    meaning: 'request failed validation; msg names the field',
  },
  [ErrorCode.NotLoggedIn]: {
    http: 401,
    msg: '请先登录',
    msgEn: 'Please log in',
    meaning: 'missing, invalid, expired or revoked access token',
  },
  [ErrorCode.PointsInsufficient]: {
    http: 200,
    msg: '积分不足',
    msgEn: 'Not enough points',
    meaning: 'goods exchange: balance below the price',
  },
  [ErrorCode.RecordNotFound]: {
    http: 200,
    msg: '记录不存在或已删除',
    msgEn: 'The record does not exist or was deleted',
    meaning: 'like/delete on a record that is gone',
  },
  [ErrorCode.OutOfStock]: {
    http: 200,
    msg: '商品库存不足',
    msgEn: 'Out of stock',
    meaning: 'goods exchange: no stock left',
  },
  [ErrorCode.AlreadyReceived]: {
    http: 200,
    msg: '奖励已领取',
    msgEn: 'Reward already received',
    meaning: 'finish/share/lottery reward was already granted',
  },
  [ErrorCode.NotAllowed]: {
    http: 200,
    msg: '当前操作不可用',
    msgEn: 'This action is not available now',
    meaning: 'business rule refuses the action in the current state',
  },
  [ErrorCode.Forbidden]: {
    http: 403,
    msg: '没有权限',
    msgEn: 'Permission denied',
    meaning: 'authenticated but not allowed',
  },
  [ErrorCode.RouteNotFound]: {
    http: 404,
    msg: '接口不存在',
    msgEn: 'No such API',
    meaning: 'unknown API path',
  },
  [ErrorCode.PayloadTooLarge]: {
    http: 413,
    msg: '上传内容过大',
    msgEn: 'Upload too large',
    meaning: 'request body above the cap',
  },
  [ErrorCode.TooManyRequests]: {
    http: 429,
    msg: '操作太频繁，请稍后再试',
    msgEn: 'Too many requests, please wait a moment',
    meaning: 'rate limit reached',
  },
  [ErrorCode.LoginFailed]: {
    http: 200,
    msg: '账号或密码错误',
    msgEn: 'Wrong account or password',
    meaning: 'account/password login refused (same answer for unknown account and wrong password)',
  },
  [ErrorCode.AccountExists]: {
    http: 200,
    msg: '该账号已被注册',
    msgEn: 'This account name is taken',
    meaning: 'register with an account name in use',
  },
  [ErrorCode.SmsSendFailed]: {
    http: 200,
    msg: '短信发送失败，请稍后重试',
    msgEn: 'Could not send the text message, please try again later',
    meaning: 'the SMS provider refused or failed',
  },
  [ErrorCode.SmsPinInvalid]: {
    http: 200,
    msg: '验证码已失效，请重新验证',
    msgEn: 'The verification code has expired, please verify again',
    meaning: 'sms pin expired, used or killed',
  },
  [ErrorCode.SmsPinWrong]: {
    http: 200,
    msg: '验证码错误，请重新验证',
    msgEn: 'The verification code is wrong, please verify again',
    meaning: 'sms pin does not match',
  },
  [ErrorCode.MustBindPhone]: {
    http: 200,
    msg: '请绑定手机号',
    msgEn: 'Please bind a phone number',
    meaning: 'third-party login needs a phone binding',
  },
  [ErrorCode.ConfirmSwitch3rd]: {
    http: 200,
    msg: '该手机号已绑定其他账号，是否切换绑定？',
    msgEn: 'This phone is bound to another account. Switch the binding?',
    meaning: 'third-party binding would move; client must confirm',
  },
  [ErrorCode.InviteRequired]: {
    http: 200,
    msg: '请输入邀请码',
    msgEn: 'Please enter invite code',
    meaning: 'registration needs an invite code',
  },
  [ErrorCode.InviteInvalid]: {
    http: 200,
    msg: '请输入有效的邀请码',
    msgEn: 'Please enter a valid invite code',
    meaning: 'invite code unknown or used up',
  },
  [ErrorCode.ThirdPartyFailed]: {
    http: 200,
    msg: '第三方授权失败，请重试',
    msgEn: 'Third-party authorisation failed, please try again',
    meaning: 'the provider refused the code/token or is unreachable',
  },
  [ErrorCode.GoodsUnavailable]: {
    http: 200,
    msg: '该商品暂不可购买',
    msgEn: 'This product cannot be bought here right now',
    meaning: 'goods unknown, off sale, or not sold in this channel / app version',
  },
  [ErrorCode.PayMethodUnavailable]: {
    http: 200,
    msg: '当前设备不支持该支付方式',
    msgEn: 'This payment method is not available on this device',
    meaning: "the pay method is not one of the channel's (Apple only on iOS …) or not configured",
  },
  [ErrorCode.OrderNotPayable]: {
    http: 200,
    msg: '订单已关闭，请重新下单',
    msgEn: 'This order was closed, please order again',
    meaning: 'the order is no longer waiting for payment (closed, paid or refunded)',
  },
  [ErrorCode.PaymentProviderFailed]: {
    http: 200,
    msg: '支付服务暂时不可用，请稍后重试',
    msgEn: 'The payment service is unavailable, please try again later',
    meaning: 'the payment provider refused or could not be reached when starting the payment',
  },
  [ErrorCode.ReceiptInvalid]: {
    http: 200,
    msg: '购买凭证无效，请稍后重试或联系客服',
    msgEn: 'The purchase receipt is not valid; try again later or contact us',
    meaning: 'an App Store / Huawei receipt failed verification or does not match the order',
  },
  [ErrorCode.ReceiptUsed]: {
    http: 200,
    msg: '该购买记录已用于其他订单',
    msgEn: 'This purchase was already used for another order',
    meaning: 'a store transaction is already recorded for another order or account',
  },
  [ErrorCode.GiftCodeInvalid]: {
    http: 200,
    msg: '兑换码无效或已被使用',
    msgEn: 'This code is not valid or has been used',
    meaning: 'gift code unknown (counts as a wrong guess)',
  },
  [ErrorCode.GiftCodeExpired]: {
    http: 200,
    msg: '该兑换码已过期，无法兑换',
    msgEn: 'This code has expired',
    meaning: "the code's batch expired",
  },
  [ErrorCode.GiftCodeRevoked]: {
    http: 200,
    msg: '该兑换码已停用，请联系发放方',
    msgEn: 'This code has been withdrawn; please contact whoever gave it to you',
    meaning: "an operator revoked the code's batch",
  },
  [ErrorCode.GiftCodeNotStarted]: {
    http: 200,
    msg: '该兑换码尚未到可兑换时间',
    msgEn: 'This code cannot be redeemed yet',
    meaning: "the code's batch starts later",
  },
  [ErrorCode.GiftCodeUsed]: {
    http: 200,
    msg: '该兑换码已被其他家庭使用',
    msgEn: 'This code has already been used by another family',
    meaning:
      'gift code redeemed by another family (never which one; counts as a wrong guess); this family’s own code is answered by the check (redeemed_at) and the redeem (repeated)',
  },
  [ErrorCode.PromoUnavailable]: {
    http: 200,
    msg: '活动未开始或已结束',
    msgEn: 'This promotion is not running',
    meaning: 'lifelong promotion unknown, outside its window, or needs another status first',
  },
  [ErrorCode.PromoClaimed]: {
    http: 200,
    msg: '您已参加过该活动',
    msgEn: 'You have already taken part in this promotion',
    meaning: 'the family or the phone has claimed this lifelong promotion already',
  },
  [ErrorCode.ActivityNotJoined]: {
    http: 200,
    msg: '您还没有参加该活动',
    msgEn: 'You have not joined this activity',
    meaning: 'activity status for a user outside the activity',
  },
};
