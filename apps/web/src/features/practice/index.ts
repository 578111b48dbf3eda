/** Reading practice: the poster's drawing helpers. */
export { loadImage, roundedRect } from './poster';
