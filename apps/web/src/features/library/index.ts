/** The library: a book's data and the query keys of the library's lists. */
export { libraryKeys, useBook } from './library-queries';
