export { AvatarCarousel, type AvatarCarouselProps } from './AvatarCarousel';
export { AvatarDialog, type AvatarDialogProps } from './AvatarDialog';
export {
  CHILDREN_PRIVACY_URL,
  ChildInfoDialog,
  type ChildInfoDialogProps,
} from './ChildInfoDialog';
export { ChildSetupFlow, type ChildSetupFlowProps } from './ChildSetupFlow';
export {
  BIRTHDAY_MIN,
  type ChildForm,
  chinaToday,
  type Gender,
  initialChildForm,
  initialRegion,
} from './child-form';
export { NicknameDialog, type NicknameDialogProps } from './NicknameDialog';
