/** Child profile strings (spec §2 child-info step, §5 and §8 messages). */
export const childZh = {
  info: {
    title: '完善宝贝信息',
    nickname: '昵称',
    editNickname: '修改',
    birthday: '生日',
    gender: '性别',
    boy: '男孩',
    girl: '女孩',
    region: '地区',
    consentBefore: '我是孩子的家长或监护人，已阅读并同意',
    consentDocument: '《儿童个人信息保护规则及监护人须知》',
    consentAfter: '',
    consentRequired: '请先由家长阅读并同意《儿童个人信息保护规则及监护人须知》',
    next: '下一步',
  },
  avatar: {
    title: '请选择孩子阅读时的头像',
    confirm: '确定',
    saving: '保存中',
    back: '上一步',
    previous: '上一个头像',
    next: '下一个头像',
    item: '头像 {{index}} / {{total}}',
  },
  nickname: {
    title: '修改昵称',
    label: '孩子的昵称',
    placeholder: '请输入昵称',
    confirm: '确定',
    submit: '提交',
    saving: '保存中',
    counter: '{{count}}/16',
    cancel: '取消',
  },
  /** Verbatim from validationMessagesZh (packages/domain), which the server also answers with. */
  validation: {
    nicknameEmpty: '昵称不能为空',
    nicknameTooLong: '昵称不能超过16个字',
    birthdayInvalid: '请输入正确的生日',
  },
  saveFailed: '保存失败，请稍后重试',
};
