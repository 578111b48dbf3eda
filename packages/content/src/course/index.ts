export * from './course-manifest';
export * from './course-schema';
export * from './load-courses';
export * from './part-kit';
export * from './parts';
export * from './validate-course';
