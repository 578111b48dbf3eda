/** Library area: books, readers' access to them, their media, and the operator's catalogue and imports. */
export {
  findBookOrFail,
  isBookOpen,
  loadReader,
  presentBookInfo,
  presentCards,
  type Reader,
} from './book-access';
export { bookMediaRule, bookMediaUrls } from './book-media';
export { catalogueActions } from './catalogue.actions';
export { booksView } from './catalogue.views';
export {
  IMPORT_UPLOAD_MAX_BYTES,
  importsView,
  importUploadAction,
  receiveImport,
} from './content-imports';
export { readManifest, syncSampleLibrary } from './import-books';
export { type BookRow, createLibraryQueries } from './library.queries';
export { registerBookRoutes } from './library.routes';
export { NOTE_VOICE_BODY_LIMIT, setNoteVoiceAction } from './note-voice.actions';
export { createReadingQueries } from './reading.queries';
export { registerTasteRoutes } from './taste.routes';
