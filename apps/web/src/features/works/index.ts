/** The children's works: the queries of a work's detail and of the public-works consent. */
export { usePublicWorks, useRankDetail, worksKeys } from './works-queries';
