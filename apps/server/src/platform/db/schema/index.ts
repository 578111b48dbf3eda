export * from './books';
export * from './configs';
export * from './operators';
export * from './reading';
export * from './speech';
export * from './users';
export * from './works';
