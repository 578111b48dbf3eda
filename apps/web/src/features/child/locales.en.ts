import type { Widen } from '../../shared/i18n/zh-CN';
import type { childZh } from './locales';

export const childEn: Widen<typeof childZh> = {
  info: {
    title: 'About your child',
    nickname: 'Nickname',
    editNickname: 'Edit',
    birthday: 'Birthday',
    gender: 'Gender',
    boy: 'Boy',
    girl: 'Girl',
    region: 'Region',
    consentBefore: "I am the child's parent or guardian and have read and agree to the ",
    consentDocument: "Children's Personal Information Protection Rules and Guardian Notice",
    consentAfter: '.',
    consentRequired:
      "A parent needs to read and agree to the Children's Personal Information Protection Rules and Guardian Notice first",
    next: 'Next',
  },
  avatar: {
    title: 'Choose the avatar your child reads with',
    confirm: 'OK',
    saving: 'Saving',
    back: 'Back',
    previous: 'Previous avatar',
    next: 'Next avatar',
    item: 'Avatar {{index}} of {{total}}',
  },
  nickname: {
    title: 'Edit nickname',
    label: "Child's nickname",
    placeholder: 'Enter a nickname',
    confirm: 'OK',
    submit: 'Submit',
    saving: 'Saving',
    counter: '{{count}}/16',
    cancel: 'Cancel',
  },
  validation: {
    nicknameEmpty: 'Nickname cannot be empty',
    nicknameTooLong: 'Nickname cannot exceed 16 characters',
    birthdayInvalid: 'Please enter a correct birthday',
  },
  saveFailed: 'Saving failed, please try again later',
};
