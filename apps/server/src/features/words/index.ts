/** Words area: the words of the books, their cards and study routes. */
export { registerVocabRoutes } from './words.routes';
