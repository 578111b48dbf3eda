export {
  closeParentalGate,
  passParentalGate,
  type RequestParentalModeOptions,
  requestParentalMode,
  useGateStore,
} from './gate-store';
export { gateEn, gateZh } from './locales';
export { ParentalGate, type ParentalGateProps } from './ParentalGate';
export { ParentalGateHost, type ParentalGateHostProps } from './ParentalGateHost';
