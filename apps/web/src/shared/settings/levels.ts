/** Storage key of the level the child chose last time in the library (remembered on the device). */
export const LEVEL_KEY = 'library_level';
