/** Missions: the growth mission's entry on the library tab. */
export { GrowthEntry } from './components/GrowthEntry';
