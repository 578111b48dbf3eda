/**
 * Parental gate strings (spec §4/§5 parental gate). Flat keys; `{{name}}` placeholders use the
 * i18next interpolation syntax so the bundle can join the central namespace list unchanged.
 */
export const gateZh = {
  title: '家长验证',
  instruction: '请按顺序点击：',
  numbers: '<0>{{first}}</0>、<1>{{second}}</1>',
  hint: '家长专区，请家长完成验证',
  keypad: '数字键盘',
  digit: '数字 {{digit}}',
  progress: '已输入 {{count}} 个，共 {{total}} 个',
  wrong: '验证错误，请重新输入',
  passed: '验证通过',
};
