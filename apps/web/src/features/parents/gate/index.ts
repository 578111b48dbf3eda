export {
  closeParentalGate,
  passParentalGate,
  type RequestParentalModeOptions,
  requestParentalMode,
  useGateStore,
} from './gate-store';
export { gateZh } from './locales';
export type { ParentalGateProps } from './ParentalGate';
export {
  LazyParentalGate,
  ParentalGateHost,
  type ParentalGateHostProps,
} from './ParentalGateHost';
