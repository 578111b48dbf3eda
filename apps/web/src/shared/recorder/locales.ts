/**
 * Recording messages (learning-content §8, shell-and-account "audio and recording"): code 2001,
 * the four browser microphone errors, the generic failure with its #1/#4/#5 suffix and the
 * too-short warning.
 */
export const recorderZh = {
  permission: '未获得录音权限',
  refused: '你拒绝了麦克风权限，请在设置中允许使用麦克风',
  unsupported: '当前设备不支持录音',
  notFound: '没有找到麦克风',
  cannotOpen: '无法打开麦克风，请检查是否被其他应用占用',
  failed: '录音出了点小问题，请重新录音 #{{code}}',
  tooShort: '录音时间太短',
  offline: '没有检测到网络，请检查网络连接后再录一次',
};
