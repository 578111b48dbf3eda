/** User area: the account's profile and children, its info and presenter. */
export { loadUserInfo } from './load-user-info';
export { maskPhone } from './user.presenter';
export { createUserQueries, type UserRow } from './user.queries';
export { registerUserRoutes } from './user.routes';
