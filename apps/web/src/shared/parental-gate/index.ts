export {
  closeParentalGate,
  passParentalGate,
  type RequestParentalModeOptions,
  requestParentalMode,
  useGateStore,
} from './gate-store';
export type { ParentalGateProps } from './ParentalGate';
export {
  LazyParentalGate,
  ParentalGateHost,
  type ParentalGateHostProps,
} from './ParentalGateHost';
