/** Auth area: logins, SMS codes, and the account's end (deletion, with the steps other areas register). */
export { registerAuthRoutes } from './auth.routes';
export { registerDeletionStep } from './delete-account';
export { checkSmsCode } from './sms-codes';
