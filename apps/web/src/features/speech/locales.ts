/** The score view and the microphone button (zh-CN first). */
export const speechZh = {
  score: '{{score}} 分',
  stars: '{{count}} 颗星',
  headline: {
    three: '太棒了！',
    two: '真不错！',
    one: '读得不错！',
    none: '再试一次吧！',
  },
  status: {
    good: '读得好',
    mispronounced: '再练练',
    missed: '漏读了',
  },
  wordHint: '{{word}}：{{score}} 分，{{status}}。点一下听示范',
  wordListen: '{{word}}：点一下听示范',
  verdict: {
    no_voice: '没有听到声音哦',
    noise: '周围有点吵',
    too_short: '再读完整一点',
    different_text: '好像不是这一句',
  },
  reason: {
    fluency: '整句读得还不够连贯（中间有停顿或快慢不匀），所以总分比单词分低。',
    accuracy: '整句连起来的发音还可以更清楚，所以总分比单词分低。',
    completeness: '有的词漏读了，所以总分比单词分低。',
  },
  reasonShort: {
    fluency: '整句还不够连贯',
    accuracy: '整句发音还可以更清楚',
    completeness: '有的词漏读了',
  },
  channels: '发音 {{accuracy}} · 流利 {{fluency}} · 完整 {{completeness}}',
  playMine: '听我的录音',
  stopMine: '停止播放',
  retry: '再读一次',
  device: {
    scored: '本机打分',
  },
  mic: {
    start: '点我开始录音',
    stop: '读完了，点我停止',
    starting: '准备……',
    scoring: '正在打分……',
    waitingNetwork: '没有网络，录音已留好，联网后自动打分',
    secondsLeft: '还剩 {{seconds}} 秒',
  },
  demo: {
    title: '录音评分演示',
    sentence: '跟着读：',
    listen: '听示范',
    sample: '示例评分',
    state: '状态：{{state}}',
  },
};
