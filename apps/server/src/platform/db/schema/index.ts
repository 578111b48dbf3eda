export * from './books';
export * from './configs';
export * from './users';
