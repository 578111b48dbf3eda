/** The picture-book art library: scene descriptions in, illustrations out. */
export { type BackgroundOptions, drawBackground } from './backgrounds';
export { type Canvas, type Hotspot, renderScene, sceneHotspots } from './compose';
export {
  placeholderDataUri,
  type RenderOptions,
  renderPng,
  renderWebp,
  type WebpOptions,
} from './render';
export { COVER_CANVAS, PAGE_CANVAS } from './vocabulary';
