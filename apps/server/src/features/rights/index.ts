/** Rights area: granting, revoking and anonymising a family's rights (VIP, books). */
export {
  anonymiseGrants,
  grantRight,
  type RevokeRightResult,
  type RightName,
  revokeRight,
} from './grant-right';
