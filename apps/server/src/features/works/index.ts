/** Works area: children's works (recordings filed per book), their social side and rankings. */
export { createSocialQueries } from './social.queries';
export { loadWorkUsers } from './work-users';
export { createWorkQueries, scoredRecording } from './works.queries';
export { registerWorkRoutes } from './works.routes';
