/** Paths that go home and so leave parental mode (spec §2). */
export const HOME_PATHS = ['/', '/library', '/learning', '/words'];
export const HOME_PATH = '/library';
