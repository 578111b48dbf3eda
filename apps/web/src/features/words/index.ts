/** Words: the letter keyboard the course player's spelling parts use. */
export { LetterKeyboard } from './components/LetterKeyboard';
