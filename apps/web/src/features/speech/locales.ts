import type { Widen } from '../../shared/i18n/zh-CN';

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
  playMine: '听我的录音',
  stopMine: '停止播放',
  retry: '再读一次',
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

export const speechEn: Widen<typeof speechZh> = {
  score: '{{score}} points',
  stars: '{{count}} stars',
  headline: {
    three: 'Excellent!',
    two: 'Great job!',
    one: 'Good reading!',
    none: "Let's try again!",
  },
  status: {
    good: 'well said',
    mispronounced: 'practise this one',
    missed: 'missed',
  },
  wordHint: '{{word}}: {{score}} points, {{status}}. Tap to hear it',
  wordListen: '{{word}}: tap to hear it',
  verdict: {
    no_voice: "We couldn't hear you",
    noise: "It's a bit noisy",
    too_short: 'Read the whole sentence',
    different_text: 'That sounded like another sentence',
  },
  playMine: 'Play my recording',
  stopMine: 'Stop',
  retry: 'Read it again',
  mic: {
    start: 'Tap to record',
    stop: 'Done? Tap to stop',
    starting: 'Get ready…',
    scoring: 'Scoring…',
    waitingNetwork: 'No network. Your recording is kept and scored when you are back online',
    secondsLeft: '{{seconds}} s left',
  },
  demo: {
    title: 'Recording and scoring demo',
    sentence: 'Read after me:',
    listen: 'Listen',
    sample: 'Sample score',
    state: 'State: {{state}}',
  },
};
