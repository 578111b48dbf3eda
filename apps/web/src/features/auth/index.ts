/** Logging in: the SMS code button and the login form's checks, for other forms that ask for a phone. */
export { SmsButton, type SmsRefusal } from './components/SmsButton';
export { validationText } from './login-store';
