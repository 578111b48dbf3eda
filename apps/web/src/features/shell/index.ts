/** The shell's entrances: the parents' center's slides. */
export { ParentsSlides } from './components/Entrances';
