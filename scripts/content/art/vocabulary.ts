/** The scene vocabulary lives with the book schema in @picbook/content. */
export * from '@picbook/content/scene-vocabulary';
