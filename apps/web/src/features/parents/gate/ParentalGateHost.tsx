import { closeParentalGate, passParentalGate, useGateStore } from './gate-store';
import { ParentalGate } from './ParentalGate';

export interface ParentalGateHostProps {
  /** Source of the target numbers (tests pass a fixed sequence). */
  random?: () => number;
}

/** Mounted once by the shell: shows the gate while a requestParentalMode() call waits on it. */
export function ParentalGateHost({ random }: ParentalGateHostProps) {
  const isOpen = useGateStore((state) => state.isOpen);
  if (!isOpen) return null;
  return <ParentalGate onPass={passParentalGate} onClose={closeParentalGate} random={random} />;
}
