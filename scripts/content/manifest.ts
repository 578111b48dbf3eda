/** The manifest schema lives with the book schema in @picbook/content. */
export {
  type BookManifest,
  type ImageSet,
  MANIFEST_FORMAT,
  type ManifestPage,
  type ManifestSentence,
  type ManifestWord,
} from '@picbook/content';
