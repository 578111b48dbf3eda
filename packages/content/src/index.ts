export * from './book-schema';
export * from './categories';
export * from './course';
export * from './load';
export * from './manifest';
export * from './scene-vocabulary';
export * from './validate';
